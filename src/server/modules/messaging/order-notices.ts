import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { NoticeWriter, OrderNotices } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { materialsLink, newOrderText, paidAdminText, paidBuyerText } from './message-texts.js'
import type { BaseUrl } from './messaging-config.js'
import { messagingSettingsOf } from './messaging-config.js'
import { enqueueMessage } from './outbox.js'

/**
 * The WhatsApp side of order events: the admin hears of every new order and every payment, the
 * buyer of their payment, with the link to their materials. Nothing here may fail an order:
 * without a gateway, or with a number that is not one, the message is skipped and logged.
 */
export function createOrderNotices(deps: {
  settings: SettingsService
  baseUrl: BaseUrl
  log: FastifyBaseLogger
  wake: () => void
}): OrderNotices {
  const { log } = deps

  return {
    async prepare(): Promise<NoticeWriter | null> {
      let config
      try {
        config = messagingSettingsOf(await deps.settings.all())
      } catch (err) {
        log.warn({ err }, 'messaging settings unreadable: order notices skipped')
        return null
      }
      if (!config.gateway) return null
      const { adminNumber, adminRaw } = config
      const baseUrl = deps.baseUrl.get()

      async function toAdmin(tx: Db, key: string, body: string) {
        if (!adminNumber) {
          log.info(
            { key, adminWhatsapp: adminRaw },
            'admin notice skipped: no valid admin_whatsapp',
          )
          return
        }
        await enqueueMessage(tx, { dedupeKey: key, to: adminNumber, body })
      }

      return {
        async orderPlaced(tx, order, lines) {
          await toAdmin(tx, `order:${order.id}:created:admin`, newOrderText(order, lines))
        },

        async orderPaid(tx, order, lines) {
          await toAdmin(tx, `order:${order.id}:paid:admin`, paidAdminText(order, lines))
          const buyer = normaliseWhatsapp(order.customerWhatsapp)
          if (!buyer) {
            log.info({ orderId: order.id }, 'buyer notice skipped: no valid WhatsApp on the order')
            return
          }
          const link = materialsLink(baseUrl, order.customerEmail, buyer)
          await enqueueMessage(tx, {
            dedupeKey: `order:${order.id}:paid:buyer`,
            to: buyer,
            body: paidBuyerText(order, lines, link),
          })
        },
      }
    },

    flush: () => deps.wake(),
  }
}
