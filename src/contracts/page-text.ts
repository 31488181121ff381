/**
 * The owner's page text (About, Terms, Privacy) read into blocks and pieces of text, never into
 * HTML: the screen builds its elements from these, so nothing typed can become markup or script.
 * Rules (default-pages.ts): blank line = new paragraph; `# ` heading, `## ` smaller heading;
 * `- ` list item; http(s) addresses and e-mails are links; `{name}` a store value.
 */
import { PAGE_PLACEHOLDERS, type PagePlaceholder } from './default-pages.js'

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'url'; href: string }
  | { kind: 'email'; address: string }
  | { kind: 'value'; name: PagePlaceholder }

export type Block =
  | { kind: 'heading'; level: 2 | 3; id: string; content: Inline[] }
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'list'; items: Inline[][] }

// An address ends before a space or a closing mark; a sentence's final stop is not part of it.
const TOKEN =
  /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]])|([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})|\{([a-z_]+)\}/g

const isPlaceholder = (name: string): name is PagePlaceholder =>
  Object.hasOwn(PAGE_PLACEHOLDERS, name)

export function parseInline(line: string): Inline[] {
  const out: Inline[] = []
  let last = 0
  const push = (text: string) => {
    if (!text) return
    const prev = out.at(-1)
    if (prev?.kind === 'text') prev.text += text
    else out.push({ kind: 'text', text })
  }
  for (const match of line.matchAll(TOKEN)) {
    const [whole, href, address, name] = match
    push(line.slice(last, match.index))
    last = match.index + whole.length
    if (href) out.push({ kind: 'url', href })
    else if (address) out.push({ kind: 'email', address })
    else if (name && isPlaceholder(name)) out.push({ kind: 'value', name })
    else push(whole)
  }
  push(line.slice(last))
  return out
}

/** 'Perguntas frequentes' → 'perguntas-frequentes': a heading's anchor (/sobre-nos#...). */
export function anchorOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export function parsePageText(text: string): Block[] {
  const blocks: Block[] = []
  const chunks = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)
  for (const chunk of chunks) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
    if (!lines.length) continue
    let paragraph: string[] = []
    let list: string[] = []
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: 'paragraph', lines: paragraph.map(parseInline) })
      if (list.length) blocks.push({ kind: 'list', items: list.map(parseInline) })
      paragraph = []
      list = []
    }
    for (const line of lines) {
      const heading = /^(#{1,2})\s+(.+)$/.exec(line)
      if (heading) {
        flush()
        const title = heading[2]!.trim()
        blocks.push({
          kind: 'heading',
          level: heading[1] === '#' ? 2 : 3,
          id: anchorOf(title),
          content: parseInline(title),
        })
      } else if (/^[-•]\s+/.test(line)) {
        if (paragraph.length) flush()
        list.push(line.replace(/^[-•]\s+/, ''))
      } else {
        if (list.length) flush()
        paragraph.push(line)
      }
    }
    flush()
  }
  return blocks
}

/**
 * The page's text with its `{name}` words replaced by the store's values, as plain text: the
 * copy of the terms each order keeps (the receipt prints it) reads as the page did that day.
 */
export function fillPlaceholders(text: string, values: Record<PagePlaceholder, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    isPlaceholder(name) ? values[name] : whole,
  )
}
