/**
 * E-mail through SMTP (nodemailer). Every failure is a MailError whose `retry` tells the outbox
 * whether the message surely did not leave, as EvolutionError's `kind` does for WhatsApp.
 */
import nodemailer from 'nodemailer'
import { singleLine } from '../../../contracts/person-name.js'
import type { SettingsMap } from '../settings/settings.service.js'
import { storeNameOf } from './messaging-config.js'

export interface MailConfig {
  smtpUrl: string
  from: string
  /** Where the SMTP URL came from: the environment wins over the E-mail tab. */
  source: 'env' | 'settings'
}

export interface MailEnv {
  smtpUrl: string | undefined
  from: string | undefined
}

/** The transport to use now, or null when no SMTP server is configured anywhere. */
export function mailConfigOf(env: MailEnv, values: SettingsMap): MailConfig | null {
  const smtpUrl = env.smtpUrl ?? values.smtp_url.trim()
  if (!smtpUrl) return null
  // A quote or backslash in the name would end the display name early (RFC 5322 quoted-string).
  const storeName = storeNameOf(values).replace(/["\\\r\n]/g, '')
  const from =
    env.from ?? (values.mail_from.trim() || `"${storeName}" <${values.footer_email.trim()}>`)
  return { smtpUrl, from, source: env.smtpUrl ? 'env' : 'settings' }
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

// Failures before the message's data went out: the server cannot have accepted it.
const BEFORE_DATA = new Set(['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'EENVELOPE'])

/** Sorts a nodemailer failure the way the outbox needs it (at most once, decision 007). */
export function mailErrorOf(err: unknown): MailError {
  const e = (err ?? {}) as SmtpFailure
  const text = (e.message ?? String(err)).slice(0, 300)
  if (e.responseCode && e.responseCode >= 500 && /^(RCPT|MAIL)/i.test(e.command ?? '')) {
    return new MailError(`endereço recusado pelo servidor: ${text}`, false, true)
  }
  // The server answered "no" (any command, DATA included): it did not take the message.
  if (e.responseCode) return new MailError(`servidor SMTP recusou: ${text}`, true)
  if (e.command === 'CONN' || (e.code && BEFORE_DATA.has(e.code))) {
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

/** Sends one e-mail; answers the server's message id. Timeouts stay well inside a 60 s claim. */
export async function sendMail(config: MailConfig, message: MailMessage): Promise<string> {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
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
