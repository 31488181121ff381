import type { AdminEmail, AdminEmails, ResendEmailAnswer } from '../../../contracts/messaging.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { SettingsService } from '../settings/settings.service.js'
import { composeMail, type ComposedMail, type MailContent } from './mail-layout.js'
import { mailConfigOf, sendMail, type MailEnv } from './mail-transport.js'
import { mailBrandOf, type BaseUrl } from './messaging-config.js'
import { enqueueMessage, latestEmails, requeueEmail, type OutboxRow } from './outbox.js'

export interface EmailMessage extends ComposedMail {
  /** One event, one e-mail: `account:{userId}:password-reset:{id}`. */
  dedupeKey: string
  to: string
  /** Newsletters only: sent as List-Unsubscribe (+ One-Click); never on a transactional e-mail. */
  unsubscribeUrl?: string
}

const NOT_CONFIGURED = 'não enviado: SMTP não configurado'

/** What the admin reads in the E-mails tab for one row. */
function stateOf(row: OutboxRow, configured: boolean): string {
  if (row.status === 'sent') return 'enviado'
  if (row.status === 'failed') return `falhou: ${row.lastError ?? 'sem detalhe'}`
  if (!configured) return NOT_CONFIGURED
  if (row.lockedUntil) return 'enviando'
  return row.lastError ? `nova tentativa em breve: ${row.lastError}` : 'na fila'
}

/**
 * E-mail for the other modules: compose in the store's layout, then write to the outbox in
 * the caller's transaction (the same outbox and worker as WhatsApp, decision 007); and the
 * admin's E-mails tab.
 */
export function createMailOutbox(deps: {
  db: Db
  settings: SettingsService
  env: MailEnv
  baseUrl: BaseUrl
  wake: () => void
}) {
  const { db } = deps
  const transport = async () => mailConfigOf(deps.env, await deps.settings.all())

  return {
    transport,

    /**
     * The e-mail in the store's layout. Called before the caller's transaction: it reads the
     * settings, and on PGlite a transaction holds the only connection.
     */
    async compose(content: MailContent): Promise<ComposedMail> {
      return composeMail(mailBrandOf(await deps.settings.all(), deps.baseUrl.get()), content)
    },

    /** Written in `tx`: the e-mail exists exactly when the change that caused it commits. */
    enqueue: (tx: Db, message: EmailMessage) =>
      enqueueMessage(tx, {
        channel: 'email',
        dedupeKey: message.dedupeKey,
        to: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html,
        unsubscribeUrl: message.unsubscribeUrl,
      }),

    /**
     * Sent now, not through the outbox: the store's alerts to its owner, which must
     * go out even when the outbox is what is failing. Throws when no transport is set up.
     */
    async sendNow(to: string, content: MailContent): Promise<void> {
      const config = await transport()
      if (!config) throw new Error(NOT_CONFIGURED)
      const mail = composeMail(mailBrandOf(await deps.settings.all(), deps.baseUrl.get()), content)
      await sendMail(config, { to, ...mail })
    },

    /** After the commit: the worker sends now rather than at its next tick. */
    wake: () => deps.wake(),

    async list(): Promise<AdminEmails> {
      const [config, rows] = await Promise.all([transport(), latestEmails(db)])
      const emails = rows.map((row): AdminEmail => ({
        id: row.id,
        to: row.toNumber,
        subject: row.subject ?? '',
        status: row.status,
        state: stateOf(row, config !== null),
        attempts: row.attempts,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }))
      return { transport: config?.source ?? 'none', emails }
    },

    /** The admin's re-send: due again now, sent by the worker like any other e-mail. */
    async resend(id: number): Promise<ResendEmailAnswer> {
      if (!(await transport())) {
        throw new AppError(
          'bad_request',
          'SMTP não configurado: preencha o servidor na aba E-mail das configurações.',
        )
      }
      if (!(await requeueEmail(db, id))) {
        throw new AppError('not_found', 'E-mail não encontrado (ou sendo enviado agora)')
      }
      deps.wake()
      return { success: true, message: 'E-mail colocado na fila para reenvio' }
    },
  }
}

export type MailOutbox = ReturnType<typeof createMailOutbox>
