import { and, eq } from 'drizzle-orm'
import { GuestCustomerData } from '../../../contracts/checkout.js'
import type { SubscribeAnswer } from '../../../contracts/subscriptions.js'
import { taxIdSchema } from '../../../contracts/tax-id.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import { parseOrThrow } from '../../lib/parse-or-throw.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { Viewer } from '../accounts/sessions.service.js'
import { newOrderId, toOrderSummary } from '../orders/orders.service.js'
import { presentCharge, type ChargeRequest } from '../payments/payments.service.js'
import type { SubscriptionContext } from './subscription-context.js'
import { TAX_ID_MESSAGE } from './subscription-deps.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/** Subscribing: the subscription and its first cycle's order. */
export function subscribing(ctx: SubscriptionContext) {
  const { deps, automatico, view, placeCycleOrder } = ctx
  const { db, plans, payments } = deps

  return {
    /**
     * POST /api/subscriptions: the subscription and its first cycle's order, priced from the
     * plan in the database. Paid like any order; paying makes it 'ativa' (clube-grants.ts).
     */
    async subscribe(input: {
      planId: number
      customerData?: unknown
      acceptTerms?: boolean | undefined
      taxId?: string | undefined
      viewer: Viewer
      sessionId: string
      ip: string
    }): Promise<SubscribeAnswer> {
      const plan = await plans.find(input.planId).catch(() => null)
      if (!plan || !plan.isActive) {
        throw new AppError('bad_request', 'Este plano não está disponível')
      }
      let customer: { firstName: string; lastName: string; email: string; whatsapp: string }
      const user = input.viewer.userId ? await deps.accounts.findById(input.viewer.userId) : null
      if (user) {
        if (input.acceptTerms !== true) {
          throw new AppError('bad_request', 'Você deve aceitar os termos e condições')
        }
        customer = user
      } else {
        const raw = (input.customerData ?? {}) as Record<string, unknown>
        customer = parseOrThrow(
          GuestCustomerData,
          { ...raw, acceptTerms: raw.acceptTerms ?? input.acceptTerms, createAccount: false },
          'customerData',
        )
        // A guest's subscription e-mails the address typed: limited like a guest order.
        await deps.limiter.consume(RATE_LIMITS.guestCheckoutIp, input.ip)
        await deps.limiter.consume(RATE_LIMITS.guestCheckoutEmail, customer.email)
      }
      const provider = await payments.providers.current()
      const automatic = await automatico.forNewSubscription(provider)
      // Asaas charges only a payer with a CPF/CNPJ, and PIX Automático always needs one: kept
      // with the subscription for the renewals (personal data, exported and erased with it).
      const taxId =
        provider.needsTaxId || automatic
          ? parseOrThrow(taxIdSchema(TAX_ID_MESSAGE), input.taxId ?? '', 'taxId')
          : undefined
      const id = newOrderId()
      const [sub] = await db
        .insert(subscriptions)
        .values({
          id,
          planId: plan.id,
          userId: user?.id ?? null,
          email: customer.email.trim().toLowerCase(),
          customerName: `${customer.firstName} ${customer.lastName}`.trim(),
          customerWhatsapp: normaliseWhatsapp(customer.whatsapp) ?? customer.whatsapp,
          method: automatic ? 'pix_automatico' : 'pix_mensal',
          priceCents: plan.priceCents,
          taxId: taxId ?? null,
          providerName: automatic ? provider.name : null,
        })
        .returning()
      await db
        .insert(subscriptionCycles)
        .values({ subscriptionId: id, cycle: 1, amountCents: plan.priceCents, status: 'charged' })
      const placedCharge = await placeCycleOrder({
        sub: sub!,
        plan,
        cents: plan.priceCents,
        expiresAt: await payments.pixExpiresAt(provider.name),
        sessionId: input.sessionId,
        taxId,
        termsVersionId: await deps.terms.currentVersion(),
        provider,
        // Journey 3: the first QR code pays the first cycle and authorises the next debits.
        ...(automatic
          ? {
              charge: async (request: ChargeRequest) => {
                const answer = await automatic.authorise({
                  ...request,
                  payer: { ...request.payer, taxId: taxId!, whatsapp: sub!.customerWhatsapp },
                  interval: plan.interval,
                  startDate: deps.now(),
                })
                await db
                  .update(subscriptions)
                  .set({ providerSubscriptionId: answer.authorisationId })
                  .where(eq(subscriptions.id, id))
                return answer.charge
              },
            }
          : {}),
      })
      await db
        .update(subscriptionCycles)
        .set({ orderId: placedCharge.placed.id })
        .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.cycle, 1)))
      const { placed, line, charge } = placedCharge
      const pixPaymentData = presentCharge(
        placedCharge.provider,
        plan.priceCents,
        charge,
        placed.pixExpiresAt,
      )
      return {
        subscription: view(sub!, plan),
        order: toOrderSummary(placed, [line]),
        pixPaymentData,
        pixData: {
          qr_code_base64: pixPaymentData.qrCodeBase64.replace(/^data:image\/png;base64,/, ''),
          qr_code: charge.qrCode,
        },
        accountCreated: false,
      }
    },
  }
}
