import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { NoticeWriter, OrderNotices, OrderRow } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { composeMail, type MailBrand, type MailContent } from './mail-layout.js'
import {
  materialsLink,
  newOrderText,
  paidAdminText,
  paidBuyerText,
  paidClaimAdminText,
  refundDeclinedBuyerText,
  refundedBuyerText,
  signedBy,
} from './message-texts.js'
import {
  messagingSettingsOf,
  mailBrandOf,
  supportWhatsappOf,
  type BaseUrl,
} from './messaging-config.js'
import { clubePaidMail } from './clube-mails.js'
import {
  materialsPath,
  orderClosedMail,
  orderCreatedMail,
  orderPaidMail,
  ownerCopyMail,
  refundDeclinedMail,
  refundSentMail,
  support,
  type OrderMailContext,
} from './order-mails.js'
import { enqueueMessage } from './outbox.js'

/**
 * The two kinds of token a message may carry, issued by the guest-access module.
 * Which one a message gets depends on where it goes, not on what it says.
 */
export interface AccessTokens {
  /** Opens everything bought with this e-mail: only ever sent TO that e-mail. */
  emailAccess(tx: Db, email: string): Promise<string>
  /** Opens this order's payment page only: for a channel the buyer proved nothing about. */
  paymentPage(tx: Db, order: { id: string; customerEmail: string }): Promise<string>
}

/**
 * Order events as messages, written in the event's own transaction (outbox): the buyer's
 * e-mails (order created with its PIX code, paid with the way into the materials, refunded
 * or cancelled), the owner's copies (e-mail to `admin_email`, WhatsApp to `admin_whatsapp`),
 * and the buyer's WhatsApp of a payment. E-mails are always written, SMTP or not: the admin's
 * E-mails tab shows what would go out. Nothing here may fail an order: a WhatsApp that is not
 * a number is skipped and logged.
 */
export function createOrderNotices(deps: {
  settings: SettingsService
  baseUrl: BaseUrl
  log: FastifyBaseLogger
  wake: () => void
  accessTokens: AccessTokens
  /** The terms an order's buyer agreed to, by version, read in the event's transaction. */
  termsOf?: (versionId: number, tx: Db) => Promise<string | null>
}): OrderNotices {
  const { log } = deps

  return {
    async prepare(): Promise<NoticeWriter | null> {
      let values
      try {
        values = await deps.settings.all()
      } catch (err) {
        log.warn({ err }, 'settings unreadable: order notices skipped')
        return null
      }
      const { gateway, adminNumber, adminRaw } = messagingSettingsOf(values)
      const baseUrl = deps.baseUrl.get()
      const brand: MailBrand = mailBrandOf(values, baseUrl)
      const ctx: OrderMailContext = {
        supportWhatsapp: supportWhatsappOf(values),
      }
      const renewalDaysBefore = values.renewal_days_before
      const adminEmail = values.admin_email.trim()

      async function email(tx: Db, dedupeKey: string, to: string, content: MailContent) {
        const mail = composeMail(brand, content)
        await enqueueMessage(tx, {
          channel: 'email',
          dedupeKey,
          to,
          subject: mail.subject,
          body: mail.text,
          html: mail.html,
        })
      }

      async function whatsappToAdmin(tx: Db, key: string, body: string) {
        if (!gateway) return
        if (!adminNumber) {
          log.info(
            { key, adminWhatsapp: adminRaw },
            'admin notice skipped: no valid admin_whatsapp',
          )
          return
        }
        await enqueueMessage(tx, { dedupeKey: key, to: adminNumber, body })
      }

      /** The buyer's 'order created': only for PIX, once, when its code exists. */
      async function pixToPay(tx: Db, order: OrderRow, lines: Parameters<typeof newOrderText>[1]) {
        if (order.paymentMethod !== 'pix' || !order.pixCode) return
        const token = await deps.accessTokens.emailAccess(tx, order.customerEmail)
        await email(
          tx,
          `order:${order.id}:created:email`,
          order.customerEmail,
          orderCreatedMail(order, lines, token, ctx),
        )
      }

      return {
        async orderPlaced(tx, order, lines) {
          await whatsappToAdmin(tx, `order:${order.id}:created:admin`, newOrderText(order, lines))
          if (adminEmail) {
            const copy = ownerCopyMail('created', order, lines)
            await email(tx, `order:${order.id}:created:admin-email`, adminEmail, copy)
          }
          await pixToPay(tx, order, lines)
        },

        chargeReady: pixToPay,

        async orderPaid(tx, order, lines, grants, period) {
          const token = await deps.accessTokens.emailAccess(tx, order.customerEmail)
          // The receipt carries the terms as they were at purchase (Decreto 7.962/2013).
          const terms =
            order.termsVersionId !== null && deps.termsOf
              ? await deps.termsOf(order.termsVersionId, tx)
              : null
          await email(
            tx,
            `order:${order.id}:paid:email`,
            order.customerEmail,
            period
              ? clubePaidMail(order, lines, period, {
                  materialsPath: materialsPath(token),
                  renewalDaysBefore,
                  terms,
                  support: support(ctx),
                })
              : orderPaidMail(order, lines, grants, token, ctx, terms),
          )
          if (adminEmail) {
            const copy = ownerCopyMail('paid', order, lines)
            await email(tx, `order:${order.id}:paid:admin-email`, adminEmail, copy)
          }
          await whatsappToAdmin(tx, `order:${order.id}:paid:admin`, paidAdminText(order, lines))
          if (!gateway) return
          const buyer = normaliseWhatsapp(order.customerWhatsapp)
          if (!buyer) {
            log.info({ orderId: order.id }, 'buyer notice skipped: no valid WhatsApp on the order')
            return
          }
          const link = materialsLink(baseUrl, order.customerEmail, buyer)
          await enqueueMessage(tx, {
            dedupeKey: `order:${order.id}:paid:buyer`,
            to: buyer,
            body: signedBy(paidBuyerText(order, lines, link), brand.storeName),
          })
        },

        // Told to the owner only: she checks her bank and confirms in the admin.
        async paidClaimed(tx, order, lines) {
          if (adminEmail) {
            const copy = ownerCopyMail('claimed', order, lines)
            await email(tx, `order:${order.id}:claimed:admin-email`, adminEmail, copy)
          }
          const text = paidClaimAdminText(order, lines)
          await whatsappToAdmin(tx, `order:${order.id}:claimed:admin`, text)
        },

        async refundSent(tx, order, lines) {
          await email(
            tx,
            `order:${order.id}:refund-sent:email`,
            order.customerEmail,
            refundSentMail(order, lines, ctx),
          )
        },

        async orderClosed(tx, order, lines, opts) {
          // Given back by the provider (a chargeback, a MED refund, a devolução made in its
          // panel): the owner did not do it herself, so she is told at once.
          if (order.status === 'refunded' && order.closedReason === 'provider') {
            if (adminEmail) {
              const copy = ownerCopyMail('reversed', order, lines)
              await email(tx, `order:${order.id}:reversed:admin-email`, adminEmail, copy)
            }
            await whatsappToAdmin(
              tx,
              `order:${order.id}:reversed:admin`,
              `⚠️ Pagamento devolvido pelo provedor (reembolso, chargeback ou MED): pedido ${order.id.slice(0, 8)}. O acesso aos materiais foi revogado.`,
            )
          }
          // A buyer hears of a closing only about an order they were told of: paid, or a PIX
          // whose code they were sent (an abandoned card attempt needs no e-mail).
          const announced =
            order.paidAt !== null || (order.paymentMethod === 'pix' && order.pixCode)
          if (!announced) return
          await email(
            tx,
            `order:${order.id}:${order.status}:email`,
            order.customerEmail,
            orderClosedMail(order, lines, ctx, opts?.moneyToSend === true),
          )
          // A refund is told on WhatsApp too: the buyer paid there, and may not read e-mail.
          // A refund still to be sent by hand is not told as done on WhatsApp: the e-mail says
          // it will come, and another e-mail goes when the owner sends it.
          if (order.status !== 'refunded' || !gateway || opts?.moneyToSend) return
          const buyer = normaliseWhatsapp(order.customerWhatsapp)
          if (!buyer) {
            log.info({ orderId: order.id }, 'buyer notice skipped: no valid WhatsApp on the order')
            return
          }
          await enqueueMessage(tx, {
            dedupeKey: `order:${order.id}:refunded:buyer`,
            to: buyer,
            body: signedBy(refundedBuyerText(order, lines), brand.storeName),
          })
        },

        // Told like a refund (e-mail and WhatsApp): the buyer asked, and waits for the answer.
        async refundDeclined(tx, order, lines, note) {
          await email(
            tx,
            `order:${order.id}:refund-declined:email`,
            order.customerEmail,
            refundDeclinedMail(order, lines, note, ctx),
          )
          if (!gateway) return
          const buyer = normaliseWhatsapp(order.customerWhatsapp)
          if (!buyer) {
            log.info({ orderId: order.id }, 'buyer notice skipped: no valid WhatsApp on the order')
            return
          }
          await enqueueMessage(tx, {
            dedupeKey: `order:${order.id}:refund-declined:buyer`,
            to: buyer,
            body: signedBy(refundDeclinedBuyerText(order, lines, note), brand.storeName),
          })
        },
      }
    },

    flush: () => deps.wake(),
  }
}
