import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../errors.js'
import {
  isPayable,
  type OrderRow,
  type OrdersService,
  type PaidSource,
} from '../orders/orders.service.js'
import type { PaymentEvent, PixProvider, WebhookInput } from './providers/pix-provider.js'
import { REMOTE_PROVIDERS, WEBHOOK_PROVIDERS, type PixProviders } from './providers/registry.js'

/** How far back paid orders are asked about again: refunds and most chargebacks come by then. */
export const REFUND_RECHECK_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The one payment pipeline (decision 023), the same for every provider: a verified webhook and
 * the scheduled or on-demand re-check both end in `apply`, which asks the provider
 * (`getStatus`) and moves the order through the orders module: paid (markOrderPaid), refunded
 * (close … 'refunded', which revokes the downloads), or its charge voided (cancelCharge).
 * Nothing here names a provider: each one is a PixProvider from the registry.
 */
export function createPaymentPipeline(deps: {
  providers: PixProviders
  orders: OrdersService
  log: FastifyBaseLogger
  /** A PIX Automático debit the provider says was not made (the clube falls back to a PIX). */
  debitRefused?: (order: OrderRow) => Promise<void>
}) {
  const { providers, orders, log } = deps

  const refOf = (order: OrderRow, notifiedPaymentId?: string) => ({
    orderId: order.id,
    amountCents: order.totalCents,
    providerPaymentId: order.providerPaymentId,
    ...(notifiedPaymentId ? { notifiedPaymentId } : {}),
  })

  /**
   * Applies the provider's word on one order. `kind` is the question: 'paid' or 'expired' —
   * may it be paid now (order-states.isPayable: also one cancelled because its PIX ran out,
   * the money arrived late), and is an expired order's charge still open (the void at expiry
   * failed: try again)? 'reversed' — was the payment of a paid order given back (a refund or
   * chargeback made in the provider's panel)? 'refused' — a PIX Automático debit the payer's
   * bank refused: unless the provider counts it paid, `debitRefused` (the clube's fallback).
   * Only `getStatus`'s answer changes anything.
   */
  async function apply(
    order: OrderRow,
    provider: PixProvider,
    kind: PaymentEvent['kind'],
    source: PaidSource,
    notifiedPaymentId?: string,
  ): Promise<void> {
    const ref = refOf(order, notifiedPaymentId)
    if (kind === 'reversed') {
      if (order.status !== 'paid' || !provider.reportsReversals) return
      if (!ref.providerPaymentId && !ref.notifiedPaymentId) return
      if ((await provider.getStatus(ref)).state !== 'reversed') return
      // 'provider': the owner is told (a chargeback or MED refund she did not make herself).
      if (await orders.close(order.id, 'paid', 'refunded', 'provider')) {
        log.info({ orderId: order.id, source }, 'order refunded by provider')
      }
      return
    }
    if (!isPayable(order)) return
    const check = await provider.getStatus(ref)
    if (kind === 'refused' && check.state !== 'approved') {
      // The refusal is told, and the provider does not count the debit as paid.
      if (order.status === 'pending') await deps.debitRefused?.(order)
      return
    }
    if (check.state === 'approved') {
      await orders.setProviderPaymentId(order.id, check.providerPaymentId)
      await orders.markOrderPaid(order.id, source)
    } else if (check.state === 'pending' && order.status === 'cancelled') {
      await provider.cancelCharge?.(ref)
    }
  }

  /**
   * Asks the order's provider whether it was paid; pays the order when it says so. Failures
   * are logged only.
   */
  async function recheck(order: OrderRow): Promise<void> {
    if (!isPayable(order)) return
    try {
      const provider = await providers.named(order.paymentProvider)
      if (provider?.remote) await apply(order, provider, 'paid', 'recheck')
    } catch (err) {
      log.warn({ err, orderId: order.id }, 'payment re-check failed')
    }
  }

  return {
    recheck,

    /**
     * A cancelled order's charge is voided at its provider, so the buyer can no longer pay it
     * (Asaas: its due date is a day). It handles `order.cancelled` and `order.refunded` once committed (payments.module.ts).
     * Best-effort: a failure is logged by the orders module, and the pending sweep tries again
     * while the order may still be paid late.
     */
    async voidClosedCharge(order: OrderRow): Promise<void> {
      if (order.status !== 'cancelled' || !order.providerPaymentId) return
      const provider = await providers.named(order.paymentProvider)
      await provider?.cancelCharge?.(refOf(order))
    },

    /** The scheduled sweep over the remote providers' payable orders. Returns how many were asked. */
    async recheckPending(limit = 200): Promise<number> {
      let asked = 0
      for (const name of REMOTE_PROVIDERS) {
        if (!(await providers.named(name))) continue
        const pending = await orders.pendingOf(name, limit)
        for (const order of pending) await recheck(order)
        asked += pending.length
      }
      return asked
    },

    /**
     * The scheduled sweep over orders paid in the last REFUND_RECHECK_DAYS (newest `limit` of
     * each provider whose getStatus tells a reversal), for refunds and chargebacks whose webhook
     * was lost. Returns how many were asked.
     */
    async recheckPaid(nowMs = Date.now(), limit = 100): Promise<number> {
      const since = new Date(nowMs - REFUND_RECHECK_DAYS * DAY_MS)
      let asked = 0
      for (const name of REMOTE_PROVIDERS) {
        const provider = await providers.named(name)
        if (!provider?.reportsReversals) continue
        const paid = await orders.paidOf(name, since, limit)
        for (const order of paid) {
          try {
            await apply(order, provider, 'reversed', 'recheck')
          } catch (err) {
            log.warn({ err, orderId: order.id }, 'refund re-check failed')
          }
        }
        asked += paid.length
      }
      return asked
    },

    /**
     * POST /api/webhooks/<name>: the provider verifies its notification (401 when forged,
     * unsigned or stale) and reads it as one event, a hint only; the order it names is then
     * asked about through `apply`, like the re-check. Anything but a forgery is answered 200:
     * providers retry otherwise, and the scheduled re-check finds what a failure missed.
     */
    async handleWebhook(name: string, input: WebhookInput, nowMs = Date.now()): Promise<void> {
      const entry = WEBHOOK_PROVIDERS.find((w) => w.name === name)
      const provider = entry && (await providers.named(entry.name))
      if (!entry || !provider?.parseWebhook) {
        throw new AppError('not_found', entry?.notConfigured ?? 'Não encontrado')
      }
      let event: PaymentEvent | null = null
      try {
        event = await provider.parseWebhook(input, nowMs)
        if (!event) return
        const order = event.orderRef
          ? await orders.find(event.orderRef)
          : await orders.findByCharge(provider.name, event.chargeRef ?? event.providerPaymentId)
        if (order?.paymentProvider !== provider.name) return
        await apply(order, provider, event.kind, 'webhook', event.providerPaymentId)
      } catch (err) {
        if (err instanceof AppError) throw err
        log.warn(
          { err, paymentId: event?.providerPaymentId, provider: provider.name },
          'webhook payment lookup failed',
        )
      }
    },
  }
}

export type PaymentPipeline = ReturnType<typeof createPaymentPipeline>
