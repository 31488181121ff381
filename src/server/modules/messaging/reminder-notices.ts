import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { OrderLineRow, OrderRow } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { composeMail } from './mail-layout.js'
import { reminderText, renewalText, signedBy } from './message-texts.js'
import {
  messagingSettingsOf,
  mailBrandOf,
  supportWhatsappOf,
  type BaseUrl,
} from './messaging-config.js'
import { paymentPageOf, reminderMail } from './order-mails.js'
import type { AccessTokens } from './order-notices.js'
import { enqueueMessage } from './outbox.js'

/** Writes one reminder of an unpaid PIX in the caller's transaction; answers the channels used. */
export interface ReminderWriter {
  remind(
    tx: Db,
    order: OrderRow,
    lines: OrderLineRow[],
    step: number,
    optOutPath: string,
  ): Promise<string[]>
  /**
   * The clube renewal's PIX by WhatsApp, beside its e-mail (the order's own), once
   * per order; false when no gateway is set up or the number is not one.
   */
  renewal(
    tx: Db,
    order: OrderRow,
    lines: Parameters<typeof renewalText>[1],
    payableUntil: string,
  ): Promise<boolean>
}

/**
 * The buyer's reminders of an unpaid PIX (the recovery module decides when): an e-mail to the
 * order's address and, with a WhatsApp gateway, a WhatsApp to a valid number, both through the
 * outbox, each once per order and step (dedupe key).
 */
export function createReminderNotices(deps: {
  settings: SettingsService
  baseUrl: BaseUrl
  log: FastifyBaseLogger
  wake: () => void
  accessTokens: AccessTokens
}) {
  return {
    /** Reads the settings; call it BEFORE the transaction (PGlite runs one query at a time). */
    async prepare(): Promise<ReminderWriter> {
      const values = await deps.settings.all()
      const { gateway } = messagingSettingsOf(values)
      const baseUrl = deps.baseUrl.get()
      const brand = mailBrandOf(values, baseUrl)
      const ctx = { supportWhatsapp: supportWhatsappOf(values) }
      return {
        async remind(tx, order, lines, step, optOutPath) {
          const sent: string[] = []
          const email = order.customerEmail.trim()
          const whatsapp = gateway ? normaliseWhatsapp(order.customerWhatsapp) : null
          if (!email && !whatsapp) return sent
          if (email) {
            // Sent to the e-mail itself: its access, as in every order e-mail.
            const token = await deps.accessTokens.emailAccess(tx, order.customerEmail)
            const mail = composeMail(brand, reminderMail(order, lines, token, optOutPath, ctx))
            await enqueueMessage(tx, {
              channel: 'email',
              dedupeKey: `order:${order.id}:reminder${step}:email`,
              to: email,
              subject: mail.subject,
              body: mail.text,
              html: mail.html,
            })
            sent.push('email')
          }
          if (whatsapp) {
            // The WhatsApp typed at checkout proves nothing about the e-mail: its
            // link opens this order's payment page and nothing else of that e-mail.
            const token = await deps.accessTokens.paymentPage(tx, order)
            const payUrl = `${baseUrl}${paymentPageOf(order.id, token)}`
            await enqueueMessage(tx, {
              dedupeKey: `order:${order.id}:reminder${step}:buyer`,
              to: whatsapp,
              body: signedBy(
                reminderText(order, lines, payUrl, `${baseUrl}${optOutPath}`),
                brand.storeName,
              ),
            })
            sent.push('whatsapp')
          }
          return sent
        },

        async renewal(tx, order, lines, payableUntil) {
          const whatsapp = gateway ? normaliseWhatsapp(order.customerWhatsapp) : null
          if (!whatsapp) return false
          // As a reminder: the link opens this order's payment page and nothing else.
          const token = await deps.accessTokens.paymentPage(tx, order)
          const payUrl = `${baseUrl}${paymentPageOf(order.id, token)}`
          await enqueueMessage(tx, {
            dedupeKey: `order:${order.id}:renewal:buyer`,
            to: whatsapp,
            body: signedBy(renewalText(order, lines, payUrl, payableUntil), brand.storeName),
          })
          return true
        },
      }
    },
    flush: () => deps.wake(),
  }
}

export type ReminderNotices = ReturnType<typeof createReminderNotices>
