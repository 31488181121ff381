import { Fragment, type ReactNode } from 'react'
import type { PagePlaceholder } from '../../../contracts/default-pages'
import { parsePageText, type Inline } from '../../../contracts/page-text'
import { SETTING_SCHEMA } from '../../../contracts/settings'
import { formatPhoneBR, whatsappLink } from '../../lib/format'
import { usePublicSetting } from '../settings/settings.queries'
import { useStoreName } from '../settings/store-brand'

type PageKey = 'page_about' | 'page_terms' | 'page_privacy'

/** What the `{name}` words of a page stand for now: the store's own values. */
function usePlaceholderValues(): Record<PagePlaceholder, ReactNode> {
  const whatsapp = usePublicSetting('whatsapp_number')
  const email = usePublicSetting('footer_email')
  return {
    loja: useStoreName(),
    horario: usePublicSetting('support_hours', 'em horário comercial'),
    email: email ? <a href={`mailto:${email}`}>{email}</a> : 'o e-mail do rodapé',
    whatsapp: whatsapp ? (
      <a href={whatsappLink(whatsapp)} target="_blank" rel="noopener noreferrer">
        {formatPhoneBR(whatsapp)}
      </a>
    ) : (
      'do rodapé'
    ),
    downloads: usePublicSetting('max_downloads', '3'),
    minutos_link: usePublicSetting('download_link_expiry', '30'),
  }
}

function InlineText({
  parts,
  values,
}: {
  parts: Inline[]
  values: Record<PagePlaceholder, ReactNode>
}) {
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
        return <Fragment key={i}>{values[part.name]}</Fragment>
    }
  })
}

/**
 * One of the owner's pages (About, Terms, Privacy) from its setting: React elements built from
 * the parsed text, never HTML, so whatever she typed is shown as text (a `<script>` included).
 */
export function PageText({ settingKey }: { settingKey: PageKey }) {
  const text = usePublicSetting(settingKey, SETTING_SCHEMA[settingKey].default)
  const values = usePlaceholderValues()
  return (
    <div data-testid="page-text">
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

/** Whether the page still shows the store's own text (its date is then the shipped one). */
export function usePageIsDefault(settingKey: PageKey): boolean {
  const text = usePublicSetting(settingKey, SETTING_SCHEMA[settingKey].default)
  return text.trim() === SETTING_SCHEMA[settingKey].default.trim()
}
