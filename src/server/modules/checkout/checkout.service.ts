import type { FastifyBaseLogger } from 'fastify'
import {
  GuestCustomerData,
  PAYMENT_MODE_CHANGED_MESSAGE,
  type CheckoutAnswer,
  type CheckoutItem,
} from '../../../contracts/checkout.js'
import { TAX_ID_REQUIRED_MESSAGE, TaxIdField } from '../../../contracts/tax-id.js'
import { InvoiceRequest } from '../../../contracts/invoices.js'
import { COUPON_MESSAGES, type CouponValidateAnswer } from '../../../contracts/coupons.js'
import type { CheckoutOffer } from '../../../contracts/products.js'
import { centsToDecimal } from '../../../contracts/money.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import { parseOrThrow } from '../../lib/parse-or-throw.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import { hashPassword } from '../accounts/accounts.service.js'
import type { Viewer } from '../accounts/sessions.service.js'
import type { CartOwner } from '../../http/cart-session.js'
import type { CartService } from '../cart/cart.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { CouponsService } from '../coupons/coupons.service.js'
import {
  newOrderId,
  type NewOrder,
  type OrderRow,
  type OrdersService,
} from '../orders/orders.service.js'
import { presentCharge, type PaymentsService } from '../payments/payments.service.js'
import type { ChargeRequest, PixCharge } from '../payments/payments.service.js'
import { FREE_PROVIDER, toOrderSummary } from '../orders/orders.service.js'
import type { TermsService } from '../terms/terms.service.js'
import { describeLines, priceItems, requestedItems } from './order-lines.js'
import { countGuestOrder, limitedQuote, quoteOf } from './order-coupon.js'
import { NO_SOURCE, type OrderSource } from './order-source.js'

export interface CheckoutDeps {
  cart: CartService
  catalog: CatalogService
  accounts: AccountsService
  orders: OrdersService
  payments: PaymentsService
  coupons: CouponsService
  /** Accounts made at checkout, guest orders and coupon codes are limited per IP. */
  limiter: RateLimiter
  log: FastifyBaseLogger
  /** The terms the buyer agrees to now, kept with the order as they are (a version). */
  terms: Pick<TermsService, 'currentVersion'>
}

export interface Customer {
  firstName: string
  lastName: string
  email: string
  whatsapp: string
  address?: string
}

/** The buyer: a logged-in user's account, or a guest's form (400 with SPEC.md's exact message). */
export async function customerOf(
  viewer: Viewer,
  customerData: unknown,
  accounts: AccountsService,
): Promise<{ customer: Customer; newAccountPassword: string | null }> {
  if (viewer.userId) {
    const user = await accounts.findById(viewer.userId)
    if (user) return { customer: user, newAccountPassword: null }
  }
  const data = parseOrThrow(GuestCustomerData, customerData ?? {}, 'customerData')
  return { customer: data, newAccountPassword: data.createAccount ? data.password! : null }
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { orders, payments } = deps

  return {
    /**
     * GET /api/checkout/offers: the bumps these products offer, each product on sale and not
     * already among them, once (the first product that offers it wins).
     */
    async offers(productIds: number[]): Promise<CheckoutOffer[]> {
      const chosen = new Set(productIds)
      const offers = new Map<number, CheckoutOffer>()
      for (const id of productIds.slice(0, 50)) {
        const parent = await deps.catalog.getActive(id).catch(() => null)
        for (const bump of parent?.orderBumps ?? []) {
          if (chosen.has(bump.productId) || offers.has(bump.productId)) continue
          const product = await deps.catalog.getActive(bump.productId).catch(() => null)
          if (!product) continue
          offers.set(bump.productId, {
            productId: product.id,
            name: product.name,
            imageUrl: product.imageUrl,
            price: product.price,
            offerPrice: bump.offerPrice,
            forProductId: id,
          })
        }
      }
      return [...offers.values()].slice(0, 3)
    },

    /**
     * POST /api/coupons/validate: what the code takes off these items at today's prices. A rule
     * it breaks is `valid: false` with its message; the checkout checks everything again.
     */
    async validateCoupon(
      code: string,
      items: CheckoutItem[],
      ip: string,
    ): Promise<CouponValidateAnswer> {
      const { lines, totalCents } = await priceItems(items, deps.catalog)
      try {
        const quote = await limitedQuote(deps, code, lines, ip)
        return {
          valid: true,
          code: quote.coupon.code,
          subtotalAmount: centsToDecimal(quote.subtotalCents),
          discountAmount: centsToDecimal(quote.discountCents),
          totalAmount: centsToDecimal(quote.totalCents),
          message: COUPON_MESSAGES.applied,
        }
      } catch (error) {
        // The rule a code breaks is an answer; too many tries, like anything else, is an error.
        if (!(error instanceof AppError) || !['bad_request', 'conflict'].includes(error.code)) {
          throw error
        }
        return {
          valid: false,
          code: code.trim().toUpperCase(),
          subtotalAmount: centsToDecimal(totalCents),
          discountAmount: '0.00',
          totalAmount: centsToDecimal(totalCents),
          message: error.message,
        }
      }
    },

    /**
     * POST /api/checkout: prices from the database, the order and its lines stored atomically
     * (in one transaction with the new account, when one is asked for), and the PIX charge.
     * `newUserId` is for the route to log that account in.
     */
    async placePixOrder(input: {
      items: CheckoutItem[] | undefined
      couponCode?: string | undefined
      customerData: unknown
      /** The payer's CPF/CNPJ as typed, if sent: read only when the provider needs it. */
      taxId?: string | undefined
      /** 'Quero nota fiscal': the document (and company) the nota goes to; absent: none asked. */
      invoice?: unknown
      viewer: Viewer
      owner: CartOwner
      /** The client's address, for the limits on guest orders, coupon codes and sign-ups. */
      ip: string
      /** Where the buyer came from and what they agreed to share with the ad platforms. */
      source?: OrderSource
    }): Promise<{ answer: CheckoutAnswer; newUserId: string | null }> {
      const items = await requestedItems(input.items, deps.cart, input.owner)
      const invoice =
        input.invoice == null ? null : parseOrThrow(InvoiceRequest, input.invoice, 'invoice')
      const { lines, totalCents: subtotalCents } = await priceItems(items, deps.catalog)
      const quote = await quoteOf(deps, input.couponCode, lines, input.ip)
      const totalCents = quote ? quote.totalCents : subtotalCents
      // A coupon that takes the whole amount: nothing to charge, paid as soon as it is stored.
      const free = totalCents === 0
      const { customer, newAccountPassword } = await customerOf(
        input.viewer,
        input.customerData,
        deps.accounts,
      )
      if (!input.viewer.userId) await countGuestOrder(deps.limiter, input.ip, customer.email)
      const wantsAccount = !input.viewer.userId && newAccountPassword !== null
      // Limited like /api/auth/register, and counted before the e-mail is looked at.
      if (wantsAccount) await deps.limiter.consume(RATE_LIMITS.register, input.ip)
      // A returning buyer is not refused: the order is a guest order with that e-mail, which
      // the account takes over when its owner logs in (orders.claimGuestOrders).
      const accountExists =
        wantsAccount && (await deps.accounts.findByEmail(customer.email)) !== null
      const provider = free ? null : await payments.providers.current()
      // Some providers charge only a payer with a CPF/CNPJ; it goes with the charge, not stored.
      const taxId = provider?.needsTaxId
        ? parseOrThrow(TaxIdField, input.taxId ?? '', 'taxId')
        : undefined
      if (provider?.needsTaxId && !taxId) {
        throw new AppError('bad_request', TAX_ID_REQUIRED_MESSAGE)
      }
      const id = newOrderId()
      const termsVersionId = await deps.terms.currentVersion()
      const request: ChargeRequest = {
        orderId: id,
        amountCents: totalCents,
        description: describeLines(lines),
        payer: { ...customer, taxId },
        expiresAt: await payments.pixExpiresAt(provider?.name ?? null),
      }
      let newUserId: string | null = null

      const order = (userId: string | null, charge: PixCharge | null): NewOrder => ({
        id,
        userId,
        sessionId: input.owner.sessionId,
        customerName: `${customer.firstName} ${customer.lastName}`.trim(),
        customerEmail: customer.email,
        customerWhatsapp: normaliseWhatsapp(customer.whatsapp) ?? customer.whatsapp,
        customerAddress: customer.address || null,
        totalCents,
        discountCents: quote?.discountCents ?? 0,
        couponCode: quote?.coupon.code ?? null,
        paymentMethod: 'pix',
        paymentProvider: provider?.name ?? FREE_PROVIDER,
        pixCode: charge?.qrCode ?? null,
        ticketUrl: charge?.ticketUrl ?? null,
        providerPaymentId: charge?.providerPaymentId ?? null,
        pixExpiresAt: request.expiresAt,
        ...(input.source ?? NO_SOURCE),
        invoiceTaxId: invoice?.taxId ?? null,
        invoiceCompanyName: invoice?.companyName ?? null,
        termsVersionId,
      })
      const newAccount = wantsAccount && !accountExists
      // A demo order is paid by the buyer's own tap: it is taken only if the store is still in
      // demo mode as stored when the order is, not as this instance last read its settings.
      const demo = provider?.isDemo === true
      /** The order stored with its charge (null: none, or a remote one not made yet). */
      const store = async (charge: PixCharge | null): Promise<OrderRow> => {
        if (!newAccount && !quote && !demo) {
          return orders.insert(order(input.viewer.userId, charge), lines)
        }
        const passwordHash = newAccount ? await hashPassword(newAccountPassword!) : null
        // The account, the order, its coupon use and its notice stand or fall together.
        const placed = await orders.placeWith(async (tx, place) => {
          if (demo && (await payments.providers.modeNow(tx)) !== 'demo') {
            throw new AppError('conflict', PAYMENT_MODE_CHANGED_MESSAGE)
          }
          let userId = input.viewer.userId
          if (passwordHash) {
            const user = await deps.accounts.register(
              { ...customer, password: newAccountPassword! },
              tx,
              passwordHash,
            )
            userId = user.id
          }
          const row = await place(order(userId, charge), lines)
          if (quote) {
            await deps.coupons.hold(tx, quote, { id, email: customer.email, totalCents })
          }
          return row
        })
        if (passwordHash) newUserId = placed.userId
        return placed
      }

      if (free || !provider) {
        const placed = await store(null)
        await orders.markOrderPaid(id, 'free')
        return {
          answer: {
            order: toOrderSummary({ ...placed, status: 'paid' }, lines),
            pixPaymentData: null,
            pixData: null,
            accountCreated: newUserId !== null,
            ...(accountExists ? { accountExists } : {}),
          },
          newUserId,
        }
      }

      // A local code is ready before the order is stored; a remote one needs the order first.
      const { placed, charge } = await payments
        .placeWithCharge({ provider, request, store })
        .catch(async (error: unknown) => {
          // Refused for a stale copy of the settings: the retry reads them as they are.
          if (error instanceof AppError && error.message === PAYMENT_MODE_CHANGED_MESSAGE) {
            await payments.providers.modeNow()
          }
          throw error
        })
      const pixPaymentData = presentCharge(provider, totalCents, charge, request.expiresAt)
      return {
        answer: {
          order: toOrderSummary(placed, lines),
          pixPaymentData,
          pixData: {
            qr_code_base64: pixPaymentData.qrCodeBase64.replace(/^data:image\/png;base64,/, ''),
            qr_code: charge.qrCode,
          },
          accountCreated: newUserId !== null,
          ...(accountExists ? { accountExists } : {}),
        },
        newUserId,
      }
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
