import type { EventRaiser } from '../../kernel/events.js'
import type { FastifyBaseLogger } from 'fastify'
import type {
  OrderStatusAnswer,
  PaymentMethods,
  PaymentProviderName,
  PixPaymentData,
} from '../../../contracts/checkout.js'
import { pixConfirmationOf } from '../../../contracts/delivery-promise.js'
import { centsToDecimal } from '../../../contracts/money.js'
import {
  PIX_AUTOMATICO_PROVIDERS,
  pixAutomaticoOn,
  pixExpirySettingOf,
} from '../../../contracts/setting-rules.js'
import type { Config } from '../../config.js'
import { AppError } from '../../errors.js'
import type { OrderAsker, OrderRow, OrdersService } from '../orders/orders.service.js'
import { isClaimable, polledStatus } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { createPaymentPipeline } from './payment-pipeline.js'
import { observeProviders, type ProviderFailureLog } from './provider-failures.js'
import type { ChargeRequest, PixCharge, PixProvider } from './providers/pix-provider.js'
import { createPixProviders } from './providers/registry.js'
import { pngDataUrl, qrPngBase64 } from './qr-image.js'

export type {
  ChargeRequest,
  PixAutomatic,
  PixCharge,
  PixProvider,
  WebhookInput,
} from './providers/pix-provider.js'
export type { ProviderCallKind, ProviderFailureLog } from './provider-failures.js'

/** A waiting page polls every few seconds; the provider is asked at most this often per order. */
const POLL_RECHECK_MS = 10_000

/**
 * The answer's pixPaymentData for a charge. The provider's kind and recipient tell the page
 * what to promise: a static key is confirmed by the store, by hand.
 */
export function presentCharge(
  provider: Pick<PixProvider, 'name' | 'recipientName'>,
  amountCents: number,
  charge: Pick<PixCharge, 'qrCode' | 'qrCodeBase64' | 'ticketUrl'>,
  expiresAt: Date | null,
): PixPaymentData {
  return {
    qrCodeBase64: pngDataUrl(charge.qrCodeBase64 ?? qrPngBase64(charge.qrCode)),
    qrCode: charge.qrCode,
    amount: centsToDecimal(amountCents),
    ticketUrl: charge.ticketUrl,
    isDemo: provider.name === 'demo',
    provider: provider.name,
    recipientName: provider.name === 'static' ? (provider.recipientName ?? null) : null,
    expiresAt: expiresAt?.toISOString() ?? null,
  }
}

export function createPaymentsService(deps: {
  config: Config
  settings: SettingsService
  orders: OrdersService
  log: FastifyBaseLogger
  /** The clock (tests move it). */
  now?: () => number
  /** Told of every remote provider call's outcome (the health panel). */
  failures?: ProviderFailureLog
  /** `debit.refused` is raised here (the clube sends that cycle's PIX instead). */
  events: Pick<EventRaiser, 'raise'>
}) {
  const { orders } = deps
  const now = deps.now ?? Date.now
  const providers = observeProviders(
    createPixProviders(deps.config, deps.settings),
    deps.failures,
    (err) => deps.log.warn({ err }, 'provider failure log not written'),
  )
  const pipeline = createPaymentPipeline({
    providers,
    orders,
    log: deps.log,
    debitRefused: (order) => deps.events.raise('debit.refused', { order }),
  })
  const lastAsked = new Map<string, number>()

  async function statusAnswer(order: OrderRow): Promise<OrderStatusAnswer> {
    const awaiting = order.status === 'awaiting_confirmation'
    const waiting = (order.status === 'pending' || awaiting) && order.pixCode
    const name = order.paymentProvider as PaymentProviderName
    // The recipient is today's setting: the one the buyer can still reach.
    const recipientName =
      name === 'static' ? ((await providers.named('static'))?.recipientName ?? null) : null
    return {
      id: order.id,
      status: polledStatus(order.status),
      subtotalAmount: centsToDecimal(order.totalCents + order.discountCents),
      discountAmount: centsToDecimal(order.discountCents),
      totalAmount: centsToDecimal(order.totalCents),
      couponCode: order.couponCode,
      // While it waits, the page may have been reloaded: it needs the QR again.
      pixPaymentData: waiting
        ? presentCharge(
            { name, recipientName: recipientName ?? undefined },
            order.totalCents,
            {
              qrCode: order.pixCode!,
              qrCodeBase64: null,
              ticketUrl: order.ticketUrl,
            },
            order.pixExpiresAt,
          )
        : null,
      expiresAt: order.pixExpiresAt?.toISOString() ?? null,
      awaitingConfirmation: awaiting,
      canClaimPayment: !awaiting && isClaimable(order),
    }
  }

  return {
    providers,

    /** What the checkout screens may offer, and promise, before a buyer types. */
    async methods(): Promise<PaymentMethods> {
      const mode = await providers.mode()
      return {
        pix: mode !== 'unavailable',
        card: providers.card !== null,
        taxIdRequired: await providers.needsTaxId(),
        pixConfirmation: pixConfirmationOf(mode),
        invoice: (await deps.settings.get('nfse_provider')) !== 'off',
        pixAutomatico:
          pixAutomaticoOn(await deps.settings.all()) &&
          (PIX_AUTOMATICO_PROVIDERS as readonly string[]).includes(mode),
      }
    },
    voidClosedCharge: pipeline.voidClosedCharge,
    recheckPending: pipeline.recheckPending,
    recheckPaid: pipeline.recheckPaid,
    handleWebhook: pipeline.handleWebhook,

    /**
     * A PIX order stored with its charge, the one way the checkout and the clube place one
     * (decision 005): a local provider's code is made before the order is stored (it goes in
     * the row); a remote one's after (a webhook then always finds its order), attached with its
     * 'order created' notice. When the remote charge fails, the order is cancelled and the buyer
     * is asked to try again. `charge` replaces the provider's PIX (PIX Automático's QR code or
     * debit); `store` writes the order with the charge it is given (null: not made yet).
     */
    async placeWithCharge<T extends { id: string }>(input: {
      provider: PixProvider
      request: ChargeRequest
      charge?: (request: ChargeRequest) => Promise<PixCharge>
      store: (charge: PixCharge | null) => Promise<T>
    }): Promise<{ placed: T; charge: PixCharge }> {
      const { provider, request } = input
      const makeCharge = input.charge ?? ((r: ChargeRequest) => provider.createCharge(r))
      const early = provider.remote ? null : await makeCharge(request)
      const placed = await input.store(early)
      if (early) return { placed, charge: early }
      try {
        const charge = await makeCharge(request)
        await orders.attachCharge(placed.id, {
          // A PIX Automático debit has no code to show: the bank debits it on its day.
          pixCode: charge.qrCode || null,
          ticketUrl: charge.ticketUrl,
          providerPaymentId: charge.providerPaymentId,
        })
        return { placed, charge }
      } catch (err) {
        deps.log.error({ err, orderId: placed.id }, 'PIX charge failed')
        await orders.cancelPending(placed.id)
        throw new AppError('unavailable', 'Não foi possível gerar o PIX agora. Tente novamente.')
      }
    },

    /**
     * When a PIX charged now by `provider` stops being payable: pix_expiry_minutes (default 60),
     * or, under the store's own key, pix_static_expiry_minutes (default 24 h: the owner
     * confirms by hand, and a buyer who pays at night must not find her order cancelled).
     */
    async pixExpiresAt(provider: string | null): Promise<Date> {
      // Typed and within its range (30 to 1440) by the settings contract.
      const minutes = await deps.settings.get(pixExpirySettingOf(provider))
      return new Date(now() + minutes * 60_000)
    },

    /**
     * Status polling; a remote provider's order is re-checked now and then in case its webhook
     * was lost, and a pending order past its expiry is cancelled here rather than at the next
     * sweep (after a last re-check, so a payment made at the last second still counts).
     */
    async statusFor(orderId: string, asker: OrderAsker): Promise<OrderStatusAnswer> {
      const order = await orders.findOwned(orderId, asker)
      const at = now()
      const due =
        order.status === 'pending' && order.pixExpiresAt && order.pixExpiresAt.getTime() <= at
      const remote = (await providers.named(order.paymentProvider))?.remote === true
      const ask =
        order.status === 'pending' &&
        remote &&
        (due || at - (lastAsked.get(order.id) ?? 0) >= POLL_RECHECK_MS)
      if (!ask && !due) return statusAnswer(order)
      if (ask) {
        if (lastAsked.size > 10_000) lastAsked.clear()
        lastAsked.set(order.id, at)
        await pipeline.recheck(order)
      }
      if (due) await orders.cancelStale(at, order.id)
      return statusAnswer((await orders.find(order.id)) ?? order)
    },

    /**
     * POST /api/orders/:id/paid-claim, the buyer's 'Já paguei': the order's owner
     * only (404 to anyone else, as every order route). A demo order is paid as the demo's
     * button does; a remote provider is asked first (it may already know); otherwise a
     * claimable order awaits the owner's confirmation and the owner is alerted. Idempotent: a
     * second claim answers the same state and alerts nobody again.
     */
    async claimPaid(orderId: string, asker: OrderAsker): Promise<OrderStatusAnswer> {
      const order = await orders.findOwned(orderId, asker)
      if (order.status === 'awaiting_confirmation' || order.status === 'paid') {
        return statusAnswer(order)
      }
      if (!isClaimable(order)) {
        throw new AppError(
          'conflict',
          order.status === 'refunded'
            ? 'Este pedido foi reembolsado.'
            : 'Este pedido foi cancelado e não pode mais ser pago. Fale com a loja pelo WhatsApp.',
        )
      }
      const provider = await providers.named(order.paymentProvider)
      if (order.paymentProvider === 'demo' && (await providers.mode()) === 'demo') {
        await orders.markOrderPaid(order.id, 'demo')
      } else {
        if (provider?.remote && order.status === 'pending') await pipeline.recheck(order)
        const claimed = await orders.claimPaid(order.id)
        if (claimed) deps.log.info({ orderId: order.id }, 'buyer says the order is paid')
      }
      return statusAnswer((await orders.find(order.id)) ?? order)
    },

    /**
     * The customer's "I paid" button: completes the order only in demo mode; otherwise asks the
     * provider and reports what it says, never taking the customer's word for it.
     */
    async confirm(orderId: string, asker: OrderAsker): Promise<OrderStatusAnswer> {
      const order = await orders.findOwned(orderId, asker)
      if (order.status === 'pending') {
        // Demo needs both: the order was made in demo mode and the store still is in it, as
        // stored now: another instance may have saved the first PIX key an instant ago.
        const storeIsDemo = (await providers.modeNow()) === 'demo'
        if (order.paymentProvider === 'demo' && storeIsDemo) {
          await orders.markOrderPaid(order.id, 'demo')
        } else {
          await pipeline.recheck(order)
        }
      }
      return statusAnswer((await orders.find(order.id)) ?? order)
    },
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
