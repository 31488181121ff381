import { Fragment, type ReactNode } from 'react'
import type { PagePlaceholder } from '../../contracts/default-pages'
import { parsePageText, type Inline } from '../../contracts/page-text'

/** What the `{name}` words stand for; without them, a `{name}` is shown as typed. */
export type PlainTextValues = Partial<Record<PagePlaceholder, ReactNode>>

function InlineText({ parts, values }: { parts: Inline[]; values: PlainTextValues }) {
  return parts.map((part, i) => {
    switch (part.kind) {
      case 'text':
        return <Fragment key={i}>{part.text}</Fragment>
      case 'url':
        return (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.href}
          </a>
        )
      case 'email':
        return (
          <a key={i} href={`mailto:${part.address}`}>
            {part.address}
          </a>
        )
      case 'value':
        return <Fragment key={i}>{values[part.name] ?? `{${part.name}}`}</Fragment>
    }
  })
}

/**
 * The owner's plain text (her pages, a product's description) by the pages' rules
 * (`parsePageText`): blank line = paragraph, `#` heading, `- ` list. React elements built from
 * the parsed text, never HTML, so whatever she typed is shown as text (a `<script>` included);
 * the same text gives the same elements on the server and in the browser.
 */
export function PlainText({
  text,
  values = {},
  className,
  testId,
}: {
  text: string
  values?: PlainTextValues
  className?: string
  testId?: string
}) {
  return (
    <div data-testid={testId} className={className}>
      {parsePageText(text).map((block, i) => {
        if (block.kind === 'heading') {
          const Tag = block.level === 2 ? 'h2' : 'h3'
          return (
            <Tag key={i} id={block.id}>
              <InlineText parts={block.content} values={values} />
            </Tag>
          )
        }
        if (block.kind === 'list') {
          return (
            <ul key={i}>
              {block.items.map((item, j) => (
                <li key={j}>
                  <InlineText parts={item} values={values} />
                </li>
              ))}
            </ul>
          )
        }
        return (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                <InlineText parts={line} values={values} />
              </Fragment>
            ))}
          </p>
        )
      })}
    </div>
  )
}
