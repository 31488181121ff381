import { randomBytes } from 'node:crypto'
import { desc } from 'drizzle-orm'
import {
  CONTACT_ANSWER_DAYS,
  CONTACT_COPIES_PER_DAY,
  ContactRequestBody,
  type AdminContactRequest,
  type ContactAnswer,
} from '../../../contracts/contact.js'
import type { Db } from '../../db/client.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import { parseOrThrow } from '../../lib/parse-or-throw.js'
import type { MailOutbox } from '../messaging/messaging.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { contactPersonalData } from './contact-personal-data.js'
import { contactRequests } from './contact.tables.js'
import { dateTimeBR } from '../../lib/store-clock.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** AAAAMMDD (Brasília) and 6 random letters and digits: short enough to read on the phone. */
function newProtocol(at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(at)
    .replace(/-/g, '')
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('')
  return `${day}-${random}`
}

/**
 * 'Fale conosco' (Decreto 7.962/2013, art. 4º, V): a request stored with a protocol number,
 * answered at once, e-mailed to the owner (`admin_email`, else the store's contact e-mail) and
 * a receipt to the address typed, both in the transaction that stores it (outbox); the owner's
 * list with ages. The address is unproved, so the receipt carries nothing the sender typed
 * (else anyone could have the store mail any text, a phishing link say, to anyone), and goes
 * to one address at most CONTACT_COPIES_PER_DAY times a day.
 */
export function createContactService(deps: {
  db: Db
  settings: SettingsService
  mail: MailOutbox
  limiter: RateLimiter
  now?: () => Date
}) {
  const { db, mail, settings } = deps
  const now = () => deps.now?.() ?? new Date()

  return {
    /** Export, erasure and retention of the requests (privacy module, decision 015). */
    personalData: contactPersonalData(db),

    async create(body: unknown, ip: string): Promise<ContactAnswer> {
      const input = parseOrThrow(ContactRequestBody, body)
      await deps.limiter.consume(RATE_LIMITS.contactIp, ip)
      const protocol = newProtocol(now())
      const owner =
        (await settings.get('admin_email')).trim() || (await settings.get('footer_email')).trim()
      const order = input.orderId ? `Pedido: ${input.orderId}` : 'Sem número de pedido'
      const copySent = await deps.limiter.allows(RATE_LIMITS.contactCopyEmail, input.email)
      const toOwner = await mail.compose({
        subject: `Fale conosco ${protocol}: ${input.name}`,
        paragraphs: [
          `De: ${input.name} <${input.email}>`,
          order,
          input.message,
          ...(copySent
            ? []
            : [
                `Este endereço já recebeu ${CONTACT_COPIES_PER_DAY} confirmações do Fale conosco hoje: desta vez não enviamos outra.`,
              ]),
          `Responda em até ${CONTACT_ANSWER_DAYS} dias (Decreto 7.962/2013).`,
        ],
        button: { label: 'Ver pedidos de contato', path: '/admin?aba=contact-requests' },
      })
      const toBuyer = await mail.compose({
        subject: `Recebemos a sua mensagem: protocolo ${protocol}`,
        greeting: 'Olá!',
        paragraphs: [
          `Recebemos uma mensagem pelo Fale conosco da loja em ${dateTimeBR.format(now())}, com este e-mail para a resposta. O protocolo é ${protocol}.`,
          `Respondemos neste e-mail em até ${CONTACT_ANSWER_DAYS} dias.`,
        ],
        note: 'Guarde o protocolo: ele identifica o seu atendimento. Se não foi você quem escreveu, ignore este e-mail.',
      })
      await db.transaction(async (tx) => {
        await tx.insert(contactRequests).values({
          protocol,
          name: input.name,
          email: input.email,
          orderId: input.orderId || null,
          message: input.message,
          createdAt: now(),
        })
        if (owner) {
          await mail.enqueue(tx, { ...toOwner, dedupeKey: `contact:${protocol}:owner`, to: owner })
        }
        if (copySent) {
          await mail.enqueue(tx, {
            ...toBuyer,
            dedupeKey: `contact:${protocol}:buyer`,
            to: input.email,
          })
        }
      })
      mail.wake()
      return { protocol, copySent }
    },

    /** The newest 500 requests, with their age in whole days. */
    async list(): Promise<AdminContactRequest[]> {
      const rows = await db
        .select()
        .from(contactRequests)
        .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
        .limit(500)
      const at = now().getTime()
      return rows.map((r) => {
        const ageDays = Math.max(0, Math.floor((at - r.createdAt.getTime()) / DAY_MS))
        return {
          protocol: r.protocol,
          name: r.name,
          email: r.email,
          orderId: r.orderId,
          message: r.message,
          createdAt: r.createdAt.toISOString(),
          ageDays,
          overdue: ageDays > CONTACT_ANSWER_DAYS,
        }
      })
    },
  }
}

export type ContactService = ReturnType<typeof createContactService>
