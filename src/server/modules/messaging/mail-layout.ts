import { escapeHtml, lineHtml, MAIL_PURPLE, plainTextHtml, plainTextText } from './mail-text.js'

/**
 * The one look of every e-mail the store sends: pt-BR, the store's name and purple, one column
 * that reads on a phone, an optional button, and the same words again as plain text for mail
 * apps that show no HTML. Styles are inline: most mail apps drop <style> blocks.
 */
import { singleLine } from '../../../contracts/person-name.js'

export interface MailContent {
  /** The subject, also the heading. */
  subject: string
  /** Shown by mail apps beside the subject in the inbox list. */
  preview?: string
  greeting?: string
  paragraphs: string[]
  /** A value to copy whole (the PIX copia-e-cola), shown in a box of its own. */
  code?: { label: string; value: string }
  /** One block per item (the materials of an order), each with its own lines and button. */
  items?: MailItem[]
  /** The call to action; `path` becomes absolute on the store's base URL. */
  button?: MailButton
  /** Small print under the button (why you got this, what to do if it was not you). */
  note?: string
  /**
   * Newsletters only: the 'Cancelar inscrição' link in the footer (path or whole address).
   * Transactional e-mails (receipts, codes) never carry one.
   */
  unsubscribe?: string
  /** A long text kept whole under the rest (the terms agreed to at purchase). */
  terms?: { title: string; text: string }
}

/** `path` is the store's (`/checkout?order=…`) or a whole address (a Canva template). */
export interface MailButton {
  label: string
  path: string
}

export interface MailItem {
  title: string
  /** A picture above the title (a material's cover); the path becomes absolute like a button's. */
  image?: { path: string; alt: string }
  lines?: string[]
  button?: MailButton
}

export interface MailBrand {
  storeName: string
  /** Absolute origin of the links: PUBLIC_URL, else the messaging base URL; never a Host header. */
  baseUrl: string
  /** The uploaded logo (/api/store/logo?v=…), made absolute; without it, the name alone. */
  logoPath?: string
}

export interface ComposedMail {
  subject: string
  text: string
  html: string
}

const PURPLE = MAIL_PURPLE
const PURPLE_LIGHT = '#f3e8ff'

const escape = escapeHtml

export function absoluteLink(baseUrl: string, path: string): string {
  return new URL(path, `${baseUrl.replace(/\/+$/, '')}/`).toString()
}

const TEXT = 'font-size:16px;line-height:1.5;color:#1f2937'
const SMALL = 'font-size:13px;line-height:1.5;color:#6b7280'

function buttonHtml(label: string, href: string, small = false): string {
  const size = small ? 'font-size:15px;padding:10px 20px' : 'font-size:16px;padding:14px 28px'
  return `<a href="${escape(href)}" style="display:inline-block;background:${PURPLE};color:#ffffff;font-weight:bold;${size};text-decoration:none;border-radius:999px">${escape(label)}</a>`
}

export function composeMail(brand: MailBrand, message: MailContent): ComposedMail {
  // The subject becomes a header: one line, whatever a name inside it held (a line break there
  // would start headers of its own, 'Bcc: …'). The greeting, which holds a name, one line too.
  const content = {
    ...message,
    subject: singleLine(message.subject),
    greeting: message.greeting === undefined ? undefined : singleLine(message.greeting),
  }
  const abs = (path: string) => absoluteLink(brand.baseUrl, path)
  const link = content.button ? abs(content.button.path) : null
  const itemText = (item: MailItem) =>
    [
      `• ${item.title}`,
      ...(item.lines ?? []).map((l) => `  ${l}`),
      item.button ? `  ${item.button.label}: ${abs(item.button.path)}` : undefined,
    ]
      .filter(Boolean)
      .join('\n')
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.code ? `${content.code.label}:\n${content.code.value}` : undefined,
    content.items?.length ? content.items.map(itemText).join('\n\n') : undefined,
    content.button && link ? `${content.button.label}: ${link}` : undefined,
    content.note,
    content.terms ? `${content.terms.title}\n\n${plainTextText(content.terms.text)}` : undefined,
    `— ${brand.storeName}\n${brand.baseUrl}`,
    content.unsubscribe ? `Cancelar inscrição: ${abs(content.unsubscribe)}` : undefined,
  ]
    .filter(Boolean)
    .join('\n\n')

  // The store's sentences may carry an address (the support WhatsApp): a link to tap.
  const paragraph = (value: string) => `<p style="margin:0 0 16px;${TEXT}">${lineHtml(value)}</p>`
  // Monospace and breakable anywhere: the whole code must be visible to select and copy.
  const code = content.code
    ? `<p style="margin:0 0 6px;${SMALL}">${escape(content.code.label)}</p>
<p style="margin:0 0 16px;padding:12px;background:#f9fafb;border:1px solid #e5e7eb;border-radius:8px;font-family:Consolas,Menlo,monospace;font-size:13px;line-height:1.4;color:#111827;word-break:break-all">${escape(content.code.value)}</p>`
    : ''
  // Width and height attributes as well as styles: some mail apps read only one of them.
  const image = (i: MailItem) =>
    i.image
      ? `<p style="margin:0 0 8px"><img src="${escape(abs(i.image.path))}" alt="${escape(i.image.alt)}" width="512" style="display:block;width:100%;max-width:512px;height:auto;border:0;border-radius:12px"></p>`
      : ''
  const item = (i: MailItem) =>
    `<tr><td style="padding:12px 0;border-top:1px solid #ede9fe">
${image(i)}
<p style="margin:0 0 4px;font-size:16px;font-weight:bold;line-height:1.4;color:#1f2937">${escape(i.title)}</p>
${(i.lines ?? []).map((l) => `<p style="margin:0 0 4px;${SMALL}">${escape(l)}</p>`).join('\n')}
${i.button ? `<p style="margin:8px 0 0">${buttonHtml(i.button.label, abs(i.button.path), true)}</p>` : ''}
</td></tr>`
  const items = content.items?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${content.items.map(item).join('\n')}</table>`
    : ''
  const button =
    content.button && link
      ? `<p style="margin:24px 0;text-align:center">${buttonHtml(content.button.label, link)}</p>
<p style="margin:0 0 16px;${SMALL}">Se o botão não abrir, copie este endereço no navegador:<br><a href="${escape(link)}" style="color:${PURPLE};word-break:break-all">${escape(link)}</a></p>`
      : ''
  // A PNG 96 px high at most (store-logo.ts), shown at 48: sharp on phones; mail apps that
  // block images still show the name beside it.
  const logo = brand.logoPath
    ? `<img src="${escape(abs(brand.logoPath))}" alt="" height="48" style="height:48px;width:auto;vertical-align:middle;margin-right:12px;border-radius:8px;background:#ffffff">`
    : ''
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${PURPLE_LIGHT};font-family:Arial,Helvetica,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escape(content.preview ?? '')}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PURPLE_LIGHT}">
<tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:${PURPLE};padding:20px 24px;color:#ffffff;font-size:20px;font-weight:bold">${logo}${escape(brand.storeName)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#581c87">${escape(content.subject)}</h1>
${content.greeting ? paragraph(content.greeting) : ''}
${content.paragraphs.map(paragraph).join('\n')}
${code}
${items}
${button}
${content.note ? `<p style="margin:16px 0 0;${SMALL}">${lineHtml(content.note)}</p>` : ''}
${content.terms ? `<h2 style="margin:24px 0 8px;font-size:15px;color:#581c87">${escape(content.terms.title)}</h2>\n${plainTextHtml(content.terms.text, SMALL)}` : ''}
</td></tr>
<tr><td style="padding:16px 24px;background:#faf5ff;font-size:12px;color:#6b7280;text-align:center"><a href="${escape(brand.baseUrl)}" style="color:${PURPLE}">${escape(brand.storeName)}</a>${content.unsubscribe ? `<br><br>Você recebe este e-mail porque pediu novidades da loja. <a href="${escape(abs(content.unsubscribe))}" style="color:${PURPLE}">Cancelar inscrição</a>` : ''}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`
  return { subject: content.subject, text, html }
}
