import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { formatBRL } from '../../../contracts/money.js'
import {
  REFUND_WINDOW_DAYS,
  type OrderRefundInfo,
  type RefundRequestAnswer,
  type RefundStatus,
} from '../../../contracts/refunds.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { CanvaLinksService } from '../canva/canva-links.service.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { OrderAsker, OrderRow, OrdersService } from '../orders/orders.service.js'
import type { PaymentsService } from '../payments/payments.service.js'
import { refundPersonalData } from './refund-effects.js'
import { refundDecisions } from './refund-decisions.js'
import { refundGiveBack } from './refund-give-back.js'
import { refunds } from './refunds.tables.js'

export { refundOrderEffects } from './refund-effects.js'

const DAY_MS = 24 * 60 * 60 * 1000
const WINDOW_MS = REFUND_WINDOW_DAYS * DAY_MS
const dateBR = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

export type RefundRow = typeof refunds.$inferSelect

const conflict = (message: string) => new AppError('conflict', message)

/**
 * Refunds (decision 017): the buyer's request within 7 days of the payment (CDC art. 49) and the
 * owner's 'Reembolsar'. The money goes back through the order's provider when it can; the order
 * is refunded through the orders module's close path, which ends every access (downloads,
 * issued links, Canva links) and tells the buyer, in one transaction.
 */
export function createRefundsService(deps: {
  db: Db
  orders: Pick<
    OrdersService,
    'find' | 'findOwned' | 'close' | 'lines' | 'paymentsOf' | 'notifyWith'
  >
  payments: Pick<PaymentsService, 'providers'>
  purchases: Pick<PurchasesService, 'holdIfUntouched' | 'releaseHold'>
  canvaLinks: Pick<CanvaLinksService, 'openedAmong'>
  /**
   * The other orders whose materials a refund of this one ends, so that what was used under
   * them counts as used: a clube cycle's order answers every period of its subscription.
   */
  usedWith: (orderId: string) => Promise<string[]>
  log: FastifyBaseLogger
  /** The clock (tests move it past the 7 days). */
  now?: () => number
}) {
  const { db, orders, log } = deps
  const now = deps.now ?? Date.now

  const giveBack = refundGiveBack({ orders, payments: deps.payments, log })

  async function rowOf(orderId: string): Promise<RefundRow | null> {
    const [row] = await db.select().from(refunds).where(eq(refunds.orderId, orderId))
    return row ?? null
  }

  async function decide(orderId: string, status: RefundStatus, note?: string) {
    await db
      .update(refunds)
      .set({ status, decidedAt: sql`now()`, ...(note ? { decisionNote: note } : {}) })
      .where(eq(refunds.orderId, orderId))
  }

  function windowEnd(order: Pick<OrderRow, 'status' | 'paidAt'>): Date | null {
    if (order.status !== 'paid' || !order.paidAt) return null
    return new Date(order.paidAt.getTime() + WINDOW_MS)
  }

  const buyerMessages: Record<RefundStatus, (order: OrderRow) => string> = {
    refunded: (o) =>
      `Reembolso feito: ${formatBRL(o.totalCents)} voltam para a conta que pagou o PIX. O acesso aos materiais deste pedido foi encerrado.`,
    return_money: (o) =>
      `Reembolso aprovado: a loja vai devolver ${formatBRL(o.totalCents)} por PIX para a conta que pagou. O acesso aos materiais deste pedido foi encerrado.`,
    review: () =>
      'Pedido de reembolso recebido. Como os materiais já foram baixados ou abertos, a loja vai analisar e responder pelo WhatsApp ou e-mail.',
    declined: () => 'A loja recusou este reembolso.',
  }

  return {
    personalData: refundPersonalData(db),

    /**
     * POST /api/orders/:id/refund-request: the order's owner only (404 to anyone else), a paid
     * order, within 7 days of the payment, once. Untouched materials are refunded at once;
     * otherwise the request waits for the owner.
     */
    async request(
      orderId: string,
      asker: OrderAsker,
      reason: string,
    ): Promise<RefundRequestAnswer> {
      const order = await orders.findOwned(orderId, asker)
      if (order.status === 'refunded') throw conflict('Este pedido já foi reembolsado.')
      const end = windowEnd(order)
      if (!end) throw conflict('Só um pedido pago pode ser reembolsado.')
      if (now() > end.getTime()) {
        throw conflict(
          `O prazo de ${REFUND_WINDOW_DAYS} dias para pedir o reembolso deste pedido terminou em ${dateBR.format(end)}. Fale com a loja pelo WhatsApp.`,
        )
      }
      const [created] = await db
        .insert(refunds)
        .values({ orderId, origin: 'buyer', status: 'review', reason })
        .onConflictDoNothing({ target: refunds.orderId })
        .returning()
      if (!created) throw conflict('O reembolso deste pedido já foi pedido.')

      let status: RefundStatus = 'review'
      // The decision "nothing was used" and every download or opening are serialised on the
      // order's purchases: once held, nothing more is served, across the provider's refund call
      // too; if a download came first, the owner decides.
      const held = [...new Set([orderId, ...(await deps.usedWith(orderId))])]
      const used = !(await deps.purchases.holdIfUntouched(held, deps.canvaLinks.openedAmong))
      if (!used) {
        try {
          status = await giveBack(order, 'refund_request', false)
          await decide(orderId, status)
        } catch (err) {
          // The provider said no or was away: the owner decides, as with used materials, and
          // the buyer keeps the materials meanwhile.
          log.warn({ err, orderId }, 'immediate refund failed; left for review')
          await deps.purchases.releaseHold(held)
          status = 'review'
        }
      }
      return {
        status,
        message:
          status === 'review' && !used
            ? 'Pedido de reembolso recebido. A loja vai concluir a devolução e avisar pelo WhatsApp ou e-mail.'
            : buyerMessages[status](order),
      }
    },

    /** The refund state of these orders for the buyer's lists; `canRequest` when proved theirs. */
    async infoOf(orderIds: string[], canRequest: boolean): Promise<Map<string, OrderRefundInfo>> {
      if (orderIds.length === 0) return new Map()
      const [rows, payments] = await Promise.all([
        db.select().from(refunds).where(inArray(refunds.orderId, orderIds)),
        orders.paymentsOf(orderIds),
      ])
      const at = now()
      return new Map(
        orderIds.map((id) => {
          const row = rows.find((r) => r.orderId === id)
          const payment = payments.get(id)
          const end = payment && windowEnd(payment)
          const open = canRequest && !row && end && at <= end.getTime()
          return [
            id,
            {
              status: row?.status ?? null,
              requestableUntil: open ? end.toISOString() : null,
            },
          ]
        }),
      )
    },

    ...refundDecisions({
      db,
      orders,
      purchases: deps.purchases,
      usedWith: deps.usedWith,
      giveBack,
      rowOf,
      now,
    }),
  }
}

export type RefundsService = ReturnType<typeof createRefundsService>
