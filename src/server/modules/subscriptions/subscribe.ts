import { and, eq, sql } from 'drizzle-orm'
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
import type { Db } from '../../db/client.js'
import type { SubscriptionRow } from './clube-grants.js'
import { conflict, TAX_ID_MESSAGE } from './subscription-deps.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

const AWAITING_MESSAGE =
  'Você já assinou este plano e o pagamento está aguardando a confirmação da loja. Veja em Minha conta.'
const MOVED_MESSAGE =
  'O pagamento da sua assinatura anterior deste plano acabou de chegar. Veja em Minha conta.'

/** Subscribing: the subscription and its first cycle's order. */
export function subscribing(ctx: SubscriptionContext) {
  const { deps, automatico, view, placeCycleOrder } = ctx
  const { db, plans, payments, orders } = deps

  /**
   * One pending subscription per plan and account, or e-mail for a guest (decision 030): the
   * previous try for `key` goes, its unpaid first order cancelled through the orders' close
   * path (she is told not to pay that PIX; a remote charge is voided after the commit), in the
   * transaction that writes the new one. Tries at once wait for each other on a lock of the
   * key, each replacing the one before; without it the unique index would still keep one, but
   * refuse the others with an error instead of an answer.
   */
  async function replacePending(
    tx: Db,
    planId: number,
    key: string,
    cancelPendingWithin: (orderId: string) => Promise<boolean>,
  ) {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`subscribe:${planId}:${key}`}, 0))`,
    )
    const [old] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.planId, planId),
          eq(subscriptions.status, 'pendente'),
          sql`coalesce(${subscriptions.userId}::text, ${subscriptions.email}) = ${key}`,
        ),
      )
    if (!old) return
    const [first] = await tx
      .select({ orderId: subscriptionCycles.orderId })
      .from(subscriptionCycles)
      .where(and(eq(subscriptionCycles.subscriptionId, old.id), eq(subscriptionCycles.cycle, 1)))
    const orderId = first?.orderId ?? null
    const status = orderId ? (await orders.statesOf([orderId], tx)).get(orderId)?.status : null
    // She said she paid it: the owner's confirmation decides, not a new try.
    if (status === 'awaiting_confirmation') throw conflict(AWAITING_MESSAGE)
    // Paid between the read and the close: that subscription is hers now.
    if (status === 'pending' && !(await cancelPendingWithin(orderId!))) {
      throw conflict(MOVED_MESSAGE)
    }
    await tx
      .delete(subscriptions)
      .where(and(eq(subscriptions.id, old.id), eq(subscriptions.status, 'pendente')))
  }

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
      const email = customer.email.trim().toLowerCase()
      // The key of the unique index subscriptions_one_pending (decision 030).
      const key = user?.id ?? email
      /** Known when a local provider authorised before the order was stored. */
      let authorisationId: string | null = null
      let sub: SubscriptionRow | undefined
      const whatsapp = normaliseWhatsapp(customer.whatsapp) ?? customer.whatsapp
      const placedCharge = await placeCycleOrder({
        sub: {
          id,
          userId: user?.id ?? null,
          email,
          customerName: `${customer.firstName} ${customer.lastName}`.trim(),
          customerWhatsapp: whatsapp,
        },
        plan,
        cents: plan.priceCents,
        expiresAt: await payments.pixExpiresAt(provider.name),
        sessionId: input.sessionId,
        taxId,
        termsVersionId: await deps.terms.currentVersion(),
        provider,
        // The subscription, its first cycle and its order stand or fall together, with the
        // previous try's replacement: a failed try leaves no subscription without an order.
        store: (order, lines) =>
          orders.placeWith(async (tx, place, cancelPendingWithin) => {
            await replacePending(tx, plan.id, key, cancelPendingWithin)
            ;[sub] = await tx
              .insert(subscriptions)
              .values({
                id,
                planId: plan.id,
                userId: order.userId ?? null,
                email,
                customerName: order.customerName,
                customerWhatsapp: whatsapp,
                method: automatic ? 'pix_automatico' : 'pix_mensal',
                priceCents: plan.priceCents,
                taxId: taxId ?? null,
                providerName: automatic ? provider.name : null,
                providerSubscriptionId: authorisationId,
              })
              .returning()
            const placed = await place(order, lines)
            await tx.insert(subscriptionCycles).values({
              subscriptionId: id,
              cycle: 1,
              amountCents: plan.priceCents,
              status: 'charged',
              orderId: placed.id,
            })
            return placed
          }),
        // Journey 3: the first QR code pays the first cycle and authorises the next debits.
        ...(automatic
          ? {
              charge: async (request: ChargeRequest) => {
                const answer = await automatic.authorise({
                  ...request,
                  payer: { ...request.payer, taxId: taxId!, whatsapp },
                  interval: plan.interval,
                  startDate: deps.now(),
                })
                authorisationId = answer.authorisationId
                if (sub) {
                  await db
                    .update(subscriptions)
                    .set({ providerSubscriptionId: answer.authorisationId })
                    .where(eq(subscriptions.id, id))
                }
                return answer.charge
              },
            }
          : {}),
      }).catch(async (err: unknown) => {
        // A remote provider's charge failed after the commit and its order was cancelled (as a
        // checkout's): the subscription goes too, so no try is left without a PIX to pay.
        if (sub) {
          await db
            .delete(subscriptions)
            .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'pendente')))
        }
        throw err
      })
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
