/**
 * E-mail through SMTP (nodemailer). Every failure is a MailError whose `retry` tells the outbox
 * whether the message surely did not leave, as EvolutionError's `kind` does for WhatsApp.
 */
import { isIP } from 'node:net'
import nodemailer from 'nodemailer'
import { singleLine } from '../../../contracts/person-name.js'
import { checkedAddresses, hostOf, RefusedAddressError } from '../../lib/outbound-address.js'
import type { SettingsMap } from '../settings/settings.service.js'
import { storeNameOf } from './messaging-config.js'

export interface MailConfig {
  smtpUrl: string
  from: string
  /** Where the SMTP URL came from: the environment wins over the E-mail tab. */
  source: 'env' | 'settings'
  /** ALLOW_PRIVATE_INTEGRATIONS (lib/outbound-address.ts). */
  allowPrivate: boolean
}

export interface MailEnv {
  smtpUrl: string | undefined
  from: string | undefined
  allowPrivate: boolean
}

/** The transport to use now, or null when no SMTP server is configured anywhere. */
export function mailConfigOf(env: MailEnv, values: SettingsMap): MailConfig | null {
  const smtpUrl = env.smtpUrl ?? values.smtp_url.trim()
  if (!smtpUrl) return null
  // A quote or backslash in the name would end the display name early (RFC 5322 quoted-string).
  const storeName = storeNameOf(values).replace(/["\\\r\n]/g, '')
  const from =
    env.from ?? (values.mail_from.trim() || `"${storeName}" <${values.footer_email.trim()}>`)
  return {
    smtpUrl,
    from,
    source: env.smtpUrl ? 'env' : 'settings',
    allowPrivate: env.allowPrivate,
  }
}

export class MailError extends Error {
  constructor(
    message: string,
    /** true: the server never took the message (ask again later); false: it may have left. */
    readonly retry: boolean,
    /** The server refused this address for good (5xx to RCPT TO): asking again will not help. */
    readonly refused = false,
  ) {
    super(message)
    this.name = 'MailError'
  }
}

interface SmtpFailure {
  code?: string
  command?: string
  responseCode?: number
  message?: string
}

/** Every failure to reach an SMTP server (refused, timed out, not SMTP) reads the same. */
export const SMTP_UNREACHABLE_MESSAGE =
  'servidor SMTP indisponível: confira o endereço, a porta e se o serviço está no ar'

// Failures before the message's data went out: the server cannot have accepted it.
const BEFORE_DATA = new Set(['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'EENVELOPE'])
// Of those, the ones where no SMTP conversation took place.
const NOT_REACHED = new Set(['ECONNECTION', 'EDNS', 'ETLS'])

/** Sorts a nodemailer failure the way the outbox needs it (at most once, decision 007). */
export function mailErrorOf(err: unknown): MailError {
  const e = (err ?? {}) as SmtpFailure
  const text = (e.message ?? String(err)).slice(0, 300)
  if (e.responseCode && e.responseCode >= 500 && /^(RCPT|MAIL)/i.test(e.command ?? '')) {
    return new MailError(`endereço recusado pelo servidor: ${text}`, false, true)
  }
  // The server answered "no" (any command, DATA included): it did not take the message.
  if (e.responseCode) return new MailError(`servidor SMTP recusou: ${text}`, true)
  // Before any SMTP answer, what came back is not an SMTP server's: whatever listens there (a
  // banner, an error page) is never repeated, as for the WhatsApp gateway (decision 007).
  if (e.command === 'CONN' || (e.code && NOT_REACHED.has(e.code))) {
    return new MailError(SMTP_UNREACHABLE_MESSAGE, true)
  }
  if (e.code && BEFORE_DATA.has(e.code)) {
    return new MailError(`servidor SMTP indisponível: ${text}`, true)
  }
  return new MailError(`envio interrompido, pode ter chegado: ${text}`, false)
}

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string | null
  /** A newsletter's one-click unsubscribe address (RFC 8058); null for everything else. */
  unsubscribeUrl?: string | null
}

/** What refuses an SMTP address: the store's own words, the server never having been asked. */
export const SMTP_REFUSED_MESSAGE =
  'servidor SMTP não permitido: o endereço aponta para esta máquina, uma rede privada ou um endereço de metadados'

/**
 * The SMTP URL with its host replaced by an address the outbound-address rule allows, checked
 * now, at this connection: nodemailer then connects to that address and looks nothing up, so a
 * name answering differently a moment later cannot lead it elsewhere. The name is kept as the
 * TLS server name, so the certificate is still checked against it.
 */
async function pinnedSmtp(config: MailConfig): Promise<{ url: string; servername?: string }> {
  const url = new URL(config.smtpUrl)
  const host = hostOf(config.smtpUrl)
  let addresses: string[]
  try {
    addresses = await checkedAddresses(host, config.allowPrivate)
  } catch (err) {
    if (!(err instanceof RefusedAddressError)) throw err
    if (err.kind === 'unresolved') throw new MailError(SMTP_UNREACHABLE_MESSAGE, true)
    throw new MailError(SMTP_REFUSED_MESSAGE, true)
  }
  if (isIP(host)) return { url: config.smtpUrl }
  const address = addresses[0]!
  url.hostname = isIP(address) === 6 ? `[${address}]` : address
  return { url: url.href, servername: host }
}

/** Sends one e-mail; answers the server's message id. Timeouts stay well inside a 60 s claim. */
export async function sendMail(config: MailConfig, message: MailMessage): Promise<string> {
  const target = await pinnedSmtp(config)
  const transport = nodemailer.createTransport({
    url: target.url,
    ...(target.servername ? { servername: target.servername } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  try {
    const info = await transport.sendMail({
      from: config.from,
      to: message.to,
      // Rows written before subjects were made single-line may still hold a break.
      subject: singleLine(message.subject),
      text: message.text,
      html: message.html ?? undefined,
      // RFC 8058: the mail app shows its own 'unsubscribe' and POSTs
      // `List-Unsubscribe=One-Click` to this address, with no login and no page to visit.
      // https://www.rfc-editor.org/rfc/rfc8058
      ...(message.unsubscribeUrl
        ? {
            headers: {
              'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    })
    return info.messageId
  } catch (err) {
    throw mailErrorOf(err)
  } finally {
    transport.close()
  }
}
