import {
  CARD_UNAVAILABLE_MESSAGE,
  PAYMENT_UNAVAILABLE_MESSAGE,
  CardCustomer,
  type CardCheckoutAnswer,
  type CheckoutItem,
} from '../../../contracts/checkout.js'
import { AppError } from '../../errors.js'
import { invalidInput } from '../../lib/parse-or-throw.js'
import type { Viewer } from '../accounts/sessions.service.js'
import type { CartOwner } from '../../http/cart-session.js'
import { FREE_PROVIDER, newOrderId } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { CheckoutDeps } from './checkout.service.js'
import { describeLines, priceItems, requestedItems } from './order-lines.js'
import { countGuestOrder, quoteOf } from './order-coupon.js'
import { NO_SOURCE, type OrderSource } from './order-source.js'

/** The admin's return URL when it is one, else this store's waiting page; with the order id. */
function backUrl(setting: string, baseUrl: string, orderId: string): URL {
  let url: URL
  try {
    url = new URL(setting)
  } catch {
    url = new URL(`${baseUrl}/checkout`)
  }
  url.searchParams.set('order', orderId)
  return url
}

async function cardCustomer(viewer: Viewer, body: unknown, deps: CheckoutDeps) {
  const parsed = CardCustomer.safeParse(body ?? {})
  if (parsed.success) return parsed.data
  const user = viewer.userId ? await deps.accounts.findById(viewer.userId) : null
  if (user) return { ...user, phone: user.whatsapp }
  throw invalidInput(parsed.error.issues)
}

/**
 * Card payments through Mercado Pago Checkout Pro: an order (paid later by webhook or re-check,
 * like a PIX one) and a preference built from database prices; the client's prices, names and
 * total are never read.
 */
export function createCardCheckoutService(deps: CheckoutDeps & { settings: SettingsService }) {
  return {
    async placeCardOrder(input: {
      items: CheckoutItem[] | undefined
      couponCode?: string | undefined
      customer: unknown
      viewer: Viewer
      owner: CartOwner
      baseUrl: string
      /** The client's address, for the limits on guest orders and coupon codes. */
      ip: string
      /** Where the buyer came from and what they agreed to share with the ad platforms. */
      source?: OrderSource
    }): Promise<CardCheckoutAnswer> {
      const { card } = deps.payments.providers
      if (!card) {
        // With no way to pay at all, the buyer is told so rather than pointed to the PIX.
        const none = (await deps.payments.providers.mode()) === 'unavailable'
        throw new AppError(
          'unavailable',
          none ? PAYMENT_UNAVAILABLE_MESSAGE : CARD_UNAVAILABLE_MESSAGE,
        )
      }
      const items = await requestedItems(input.items, deps.cart, input.owner)
      const { lines, totalCents: subtotalCents } = await priceItems(items, deps.catalog)
      const quote = await quoteOf(deps, input.couponCode, lines, input.ip)
      const totalCents = quote ? quote.totalCents : subtotalCents
      const customer = await cardCustomer(input.viewer, input.customer, deps)
      if (!input.viewer.userId) await countGuestOrder(deps.limiter, input.ip, customer.email)
      const id = newOrderId()
      const order = {
        id,
        userId: input.viewer.userId,
        sessionId: input.owner.sessionId,
        customerName: `${customer.firstName} ${customer.lastName}`.trim(),
        customerEmail: customer.email,
        customerWhatsapp: customer.phone ?? '',
        totalCents,
        discountCents: quote?.discountCents ?? 0,
        couponCode: quote?.coupon.code ?? null,
        paymentMethod: 'card' as const,
        paymentProvider: totalCents === 0 ? FREE_PROVIDER : card.provider,
        ...(input.source ?? NO_SOURCE),
        termsVersionId: await deps.terms.currentVersion(),
      }
      if (quote) {
        // The order and its coupon use stand or fall together (the use may be the last one).
        await deps.orders.placeWith(async (tx, place) => {
          await place(order, lines)
          await deps.coupons.hold(tx, quote, { id, email: customer.email, totalCents })
        })
      } else {
        await deps.orders.insert(order, lines)
      }
      // The buyer comes back to the waiting page of this order, which polls its status.
      const back = backUrl(await deps.settings.get('mercadopago_return_url'), input.baseUrl, id)
      if (totalCents === 0) {
        // Nothing to charge: paid now, and the 'payment page' is the order's own, already paid.
        await deps.orders.markOrderPaid(id, 'free')
        return { init_point: back.href, sandbox_init_point: null, preferenceId: '', orderId: id }
      }
      try {
        const page = await card.createPage({
          orderId: id,
          lines,
          totalCents,
          couponCode: quote?.coupon.code ?? null,
          description: describeLines(lines),
          payer: customer,
          backUrl: back.href,
        })
        return {
          init_point: page.initPoint,
          sandbox_init_point: page.sandboxInitPoint,
          preferenceId: page.id,
          orderId: id,
        }
      } catch (err) {
        deps.log.error({ err, orderId: id }, 'Checkout Pro preference failed')
        await deps.orders.cancelPending(id)
        throw new AppError(
          'unavailable',
          'Não foi possível abrir o pagamento com cartão. Tente novamente ou use o PIX.',
        )
      }
    },
  }
}

export type CardCheckoutService = ReturnType<typeof createCardCheckoutService>
