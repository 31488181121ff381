/**
 * The store's plain text (`parsePageText`: blank line = paragraph, `#` heading, `- ` list,
 * addresses as links) drawn for e-mails: HTML with inline styles, since most mail apps drop
 * <style> blocks, and the same text without the marks for mail apps that show no HTML. The
 * pages draw the same blocks with React (client/ui/plain-text.tsx); both read one parser, so a
 * text reads the same in the store and in the inbox.
 */
import { parseInline, parsePageText, type Inline } from '../../../contracts/page-text.js'

export const MAIL_PURPLE = '#6b21a8'

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

const LINK = `color:${MAIL_PURPLE};word-break:break-all`

function inlineHtml(parts: Inline[]): string {
  return parts
    .map((part) => {
      switch (part.kind) {
        case 'text':
          return escapeHtml(part.text)
        case 'url':
          return `<a href="${escapeHtml(part.href)}" style="${LINK}">${escapeHtml(part.href)}</a>`
        case 'email':
          return `<a href="mailto:${escapeHtml(part.address)}" style="${LINK}">${escapeHtml(part.address)}</a>`
        // A `{name}` left in a text is shown as typed: the terms kept are already filled in.
        case 'value':
          return escapeHtml(`{${part.name}}`)
      }
    })
    .join('')
}

/** One line of the store's own words (a paragraph, a note): its addresses become links. */
export const lineHtml = (line: string): string => inlineHtml(parseInline(line))

/** A whole plain text (the terms) as headings, lists and paragraphs, in `style` (size, colour). */
export function plainTextHtml(text: string, style: string): string {
  return parsePageText(text)
    .map((block) => {
      if (block.kind === 'heading') {
        const size = block.level === 2 ? '15px' : '14px'
        return `<p style="margin:16px 0 6px;font-size:${size};font-weight:bold;line-height:1.4;color:#581c87">${inlineHtml(block.content)}</p>`
      }
      if (block.kind === 'list') {
        const items = block.items.map(
          (item) => `<li style="margin:0 0 4px">${inlineHtml(item)}</li>`,
        )
        return `<ul style="margin:0 0 12px;padding-left:20px;${style}">${items.join('')}</ul>`
      }
      return `<p style="margin:0 0 12px;${style}">${block.lines.map(inlineHtml).join('<br>')}</p>`
    })
    .join('\n')
}

const inlineText = (parts: Inline[]) =>
  parts
    .map((part) =>
      part.kind === 'text'
        ? part.text
        : part.kind === 'url'
          ? part.href
          : part.kind === 'email'
            ? part.address
            : `{${part.name}}`,
    )
    .join('')

/** The same text for mail apps without HTML: headings in capitals, items with a bullet. */
export function plainTextText(text: string): string {
  return parsePageText(text)
    .map((block) => {
      if (block.kind === 'heading') return inlineText(block.content).toLocaleUpperCase('pt-BR')
      if (block.kind === 'list') return block.items.map((i) => `• ${inlineText(i)}`).join('\n')
      return block.lines.map(inlineText).join('\n')
    })
    .join('\n\n')
}
