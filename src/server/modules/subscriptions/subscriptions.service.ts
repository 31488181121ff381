import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { centsToDecimal } from '../../../contracts/money.js'
import { storeNameOf } from '../../../contracts/store-name.js'
import { taxIdSchema } from '../../../contracts/tax-id.js'
import {
  clubeTitle,
  type AdminSubscription,
  type ClubeFigures,
  type SubscribeAnswer,
  type SubscriptionView,
} from '../../../contracts/subscriptions.js'
import { GuestCustomerData } from '../../../contracts/checkout.js'
import { rowClaims, exponentialBackoff } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import { parseOrThrow } from '../../lib/parse-or-throw.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import type { Viewer } from '../accounts/sessions.service.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import {
  FREE_PROVIDER,
  newOrderId,
  toOrderSummary,
  type NewOrderLine,
  type OrderAsker,
  type OrderRow,
  type OrdersService,
} from '../orders/orders.service.js'
import {
  presentCharge,
  type ChargeRequest,
  type PaymentsService,
  type PixCharge,
  type PixProvider,
} from '../payments/payments.service.js'
import type { RefundsService } from '../refunds/refunds.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { clubeFigures } from './clube-figures.js'
import { GRANTING_CYCLES, paidCycleOrders, type SubscriptionRow } from './clube-grants.js'
import { createPixAutomatico } from './pix-automatico.js'
import { subscriptionPersonalData } from './subscription-personal-data.js'
import { LIVE_STATUSES, type PlanRow, type PlansService } from './plans.service.js'
import { addInterval, days } from './subscription-periods.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/** CDC art. 49: a distance purchase may be withdrawn within 7 days of the first payment. */
export const WITHDRAWAL_DAYS = 7
/** A new price is charged only in a cycle whose PIX goes out at least this long after the notice. */
export const PRICE_NOTICE_DAYS = 7
const BATCH = 100
/**
 * A PIX Automático debit is scheduled this many days before its date (or `renewal_days_before`
 * if more): the Central Bank takes a recurring charge 2 to 10 days ahead, and Woovi takes the
 * store's own from 5 days ahead (https://developers.woovi.com/docs/pix-automatic/pix-automatic-cobr-manual).
 */
export const DEBIT_DAYS_BEFORE = 7
const TAX_ID_MESSAGE = 'Informe um CPF ou CNPJ válido para pagar pelo PIX'

const notFound = () => new AppError('not_found', 'Assinatura não encontrada')
const conflict = (message: string) => new AppError('conflict', message)
const dateBR = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'long',
  timeZone: 'America/Sao_Paulo',
})
const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100)

/**
 * The clube's subscriptions (issue 30): subscribing (the first cycle's order, paid like any
 * order), the renewal job (each cycle's PIX `renewal_days_before` days before the period ends,
 * once per cycle across instances: a `subscription_cycles` row claimed with the claims helper,
 * decision 025), the end of a period unpaid (em atraso, then paused after `grace_days`), the
 * subscriber's cancellation and withdrawal, and the admin's list, actions and figures.
 * The materials come and go with the paid cycles (clube-grants.ts, an order effect).
 */
export function createSubscriptionsService(deps: {
  db: Db
  plans: PlansService
  orders: OrdersService
  payments: PaymentsService
  accounts: AccountsService
  purchases: Pick<PurchasesService, 'revokeOrders'>
  refunds: Pick<RefundsService, 'request'>
  mail: MessagingService['mail']
  /** The renewal PIX by WhatsApp too, when a WhatsApp gateway is connected. */
  reminders: Pick<MessagingService['reminders'], 'prepare' | 'flush'>
  whatsapp: Pick<MessagingService['whatsapp'], 'configured' | 'address' | 'enqueue'>
  settings: SettingsService
  limiter: RateLimiter
  log: FastifyBaseLogger
  now: () => Date
}) {
  const { db, plans, orders, payments, log } = deps
  const automatico = createPixAutomatico(deps)
  const claims = rowClaims({
    table: subscriptionCycles,
    leaseSeconds: 120,
    backoffSeconds: exponentialBackoff(60, 3600),
    eligible: eq(subscriptionCycles.status, 'pending'),
    // A cycle's order may have been placed before the holder died: never placed twice.
    expired: 'settle',
    clock: deps.now,
  })

  async function find(id: string): Promise<SubscriptionRow> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id))
    if (!row) throw notFound()
    return row
  }

  function view(
    sub: SubscriptionRow,
    plan: PlanRow,
    clubeOrderId: string | null = null,
  ): SubscriptionView {
    const until = sub.firstPaidAt
      ? new Date(sub.firstPaidAt.getTime() + days(WITHDRAWAL_DAYS))
      : null
    const canWithdraw =
      until !== null && until > deps.now() && !['encerrada', 'pendente'].includes(sub.status)
    return {
      id: sub.id,
      planId: sub.planId,
      planName: plan.name,
      status: sub.status,
      method: sub.method,
      price: centsToDecimal(sub.priceCents),
      interval: plan.interval,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      withdrawableUntil: canWithdraw ? until.toISOString() : null,
      nextPrice: sub.nextPriceCents === null ? null : centsToDecimal(sub.nextPriceCents),
      clubeOrderId,
    }
  }

  async function viewOf(sub: SubscriptionRow) {
    const plan = (await plans.all()).find((p) => p.id === sub.planId)
    return view(sub, plan ?? ({ name: 'Plano removido', interval: 'month' } as PlanRow))
  }

  /** What cycle `n` charges: a price she was told of applies from its cycle on. */
  const amountFor = (sub: SubscriptionRow, cycle: number) =>
    sub.nextPriceCents !== null && cycle >= (sub.nextPriceFromCycle ?? Infinity)
      ? sub.nextPriceCents
      : sub.priceCents

  const lineOf = (plan: PlanRow, cents: number): NewOrderLine => ({
    productId: null,
    planId: plan.id,
    productName: `${clubeTitle(plan.name)} (${plan.interval === 'year' ? 'anual' : 'mensal'})`,
    unitPriceCents: cents,
    quantity: 1,
    bundleProductIds: [],
    bumpFor: null,
  })

  /**
   * One cycle's order and its PIX, as the checkout places any PIX order: the provider's charge,
   * the order's e-mails through the outbox (the PIX to pay), its expiry (`expiresAt`: a renewal
   * is payable until the grace ends).
   */
  async function placeCycleOrder(input: {
    sub: Pick<SubscriptionRow, 'id' | 'userId' | 'email' | 'customerName' | 'customerWhatsapp'>
    plan: PlanRow
    cents: number
    expiresAt: Date
    sessionId: string | null
    taxId?: string | undefined
    /** The provider that charges (default: the one charging now) and how (default: its PIX). */
    provider?: PixProvider
    charge?: (request: ChargeRequest) => Promise<PixCharge>
  }) {
    const provider = input.provider ?? (await payments.providers.current())
    if (provider.needsTaxId && !input.taxId) {
      throw new AppError('bad_request', TAX_ID_MESSAGE)
    }
    const id = newOrderId()
    const line = lineOf(input.plan, input.cents)
    const [firstName = '', ...rest] = input.sub.customerName.split(' ')
    const request = {
      orderId: id,
      amountCents: input.cents,
      description: line.productName,
      payer: {
        firstName,
        lastName: rest.join(' '),
        email: input.sub.email,
        whatsapp: input.sub.customerWhatsapp,
        taxId: input.taxId,
      },
      expiresAt: input.expiresAt,
    }
    // Placed and charged as the checkout places any PIX order (payments.placeWithCharge).
    const { placed, charge } = await payments.placeWithCharge({
      provider,
      request,
      ...(input.charge ? { charge: input.charge } : {}),
      store: (early) =>
        orders.insert(
          {
            id,
            userId: input.sub.userId,
            sessionId: input.sessionId,
            customerName: input.sub.customerName,
            customerEmail: input.sub.email,
            customerWhatsapp: input.sub.customerWhatsapp,
            customerAddress: null,
            totalCents: input.cents,
            discountCents: 0,
            couponCode: null,
            paymentMethod: 'pix',
            paymentProvider: provider.name,
            pixCode: early?.qrCode ?? null,
            ticketUrl: early?.ticketUrl ?? null,
            providerPaymentId: early?.providerPaymentId ?? null,
            pixExpiresAt: input.expiresAt,
            subscriptionId: input.sub.id,
          },
          [line],
        ),
    })
    return { placed, line, provider, charge }
  }

  /** Moves `sub` from one status to another once (a conditional UPDATE), with `then` in its tx. */
  async function move(
    sub: SubscriptionRow,
    from: SubscriptionRow['status'][],
    to: SubscriptionRow['status'],
    then: (tx: Db, row: SubscriptionRow) => Promise<void>,
    extra: Partial<typeof subscriptions.$inferInsert> = {},
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(subscriptions)
        .set({ status: to, updatedAt: sql`now()`, ...extra })
        .where(and(eq(subscriptions.id, sub.id), inArray(subscriptions.status, from)))
        .returning()
      if (!row) return false
      await then(tx, row)
      return true
    })
  }

  async function lastCycle(subscriptionId: string) {
    const [row] = await db
      .select()
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, subscriptionId))
      .orderBy(desc(subscriptionCycles.cycle))
      .limit(1)
    return row ?? null
  }

  /** The next cycle's PIX for one subscription, at most once however many run this. */
  async function renewOne(sub: SubscriptionRow, plan: PlanRow, graceDays: number) {
    const last = await lastCycle(sub.id)
    // The last cycle charged and not paid yet (its PIX is out): nothing more to charge now. A
    // cycle left 'pending' (its charge failed) is claimed again once its back-off has passed.
    if (!last || last.status === 'charged') return false
    const cycle = last.status === 'pending' ? last.cycle : last.cycle + 1
    const cents = amountFor(sub, cycle)
    if (last.status !== 'pending') {
      await db
        .insert(subscriptionCycles)
        .values({ subscriptionId: sub.id, cycle, amountCents: cents, nextAttemptAt: deps.now() })
        .onConflictDoNothing()
    }
    const key = and(
      eq(subscriptionCycles.subscriptionId, sub.id),
      eq(subscriptionCycles.cycle, cycle),
    )!
    const row = await claims.claimOne(db, key)
    if (!row) return false
    try {
      const expiresAt = new Date(sub.currentPeriodEnd!.getTime() + days(graceDays))
      // PIX Automático: the debit is scheduled at the provider for the period's last day.
      const debit = await automatico.debitFor(sub)
      const { placed } = await claims.holdWhile(
        db,
        row,
        () =>
          placeCycleOrder({
            sub,
            plan,
            cents,
            expiresAt,
            sessionId: null,
            taxId: sub.taxId ?? undefined,
            ...(debit
              ? {
                  provider: debit.provider,
                  charge: automatico.debitCharge(debit.automatic, sub, sub.currentPeriodEnd!),
                }
              : {}),
          }),
        (err) => log.warn({ err, subscriptionId: sub.id }, 'renewal lease not extended'),
      )
      await db
        .update(subscriptionCycles)
        .set({ status: 'charged', orderId: placed.id, ...claims.released() })
        .where(claims.held(row))
      if (cents !== sub.priceCents) {
        await db
          .update(subscriptions)
          .set({ priceCents: cents, nextPriceCents: null, nextPriceFromCycle: null })
          .where(eq(subscriptions.id, sub.id))
      }
      if (debit)
        await tellDebit(sub, cycle, cents).catch((err: unknown) =>
          log.warn({ err }, 'debit notice not written'),
        )
      else await renewalWhatsapp(placed, lineOf(plan, cents))
      log.info({ subscriptionId: sub.id, cycle, orderId: placed.id }, 'subscription cycle charged')
      return true
    } catch (err) {
      log.error({ err, subscriptionId: sub.id, cycle }, 'subscription renewal failed')
      await db.update(subscriptionCycles).set(claims.retryLater(row)).where(claims.held(row))
      return false
    }
  }

  /**
   * A cycle's PIX also goes by WhatsApp when the store has one connected (its e-mail is the
   * order's own). Best-effort: the cycle is charged whatever happens here.
   */
  async function renewalWhatsapp(placed: OrderRow, line: NewOrderLine) {
    try {
      const writer = await deps.reminders.prepare()
      const until = dateBR.format(placed.pixExpiresAt ?? deps.now())
      const sent = await db.transaction((tx) => writer.renewal(tx, placed, [line], until))
      if (sent) deps.reminders.flush()
    } catch (err) {
      log.warn({ err, orderId: placed.id }, 'renewal WhatsApp not written')
    }
  }

  /** The subscriber is told when the PIX Automático will debit her, and how much (CDC). */
  async function tellDebit(sub: SubscriptionRow, cycle: number, cents: number) {
    const mail = await deps.mail.compose({
      subject: 'Seu clube será renovado pelo PIX Automático',
      paragraphs: [
        `No dia ${dateBR.format(sub.currentPeriodEnd!)}, o PIX Automático que você autorizou vai debitar ${brl(cents)} pelo novo período da sua assinatura.`,
        'Não precisa fazer nada. Se quiser cancelar, é só entrar na sua conta antes dessa data.',
      ],
      button: { label: 'Ver minha assinatura', path: '/dashboard' },
    })
    // And by WhatsApp when the store has one connected.
    const to = (await deps.whatsapp.configured())
      ? deps.whatsapp.address(sub.customerWhatsapp)
      : null
    const firstName = sub.customerName.split(' ')[0] || 'cliente'
    const storeName = storeNameOf(await deps.settings.all())
    await db.transaction(async (tx) => {
      await deps.mail.enqueue(tx, {
        ...mail,
        dedupeKey: `subscription:${sub.id}:debit:${cycle}`,
        to: sub.email,
      })
      if (!to) return
      await deps.whatsapp.enqueue(tx, {
        dedupeKey: `subscription:${sub.id}:debit:${cycle}:whatsapp`,
        to,
        body: [
          `Olá, ${firstName}! No dia ${dateBR.format(sub.currentPeriodEnd!)}, o PIX Automático que você autorizou vai debitar ${brl(cents)} pela renovação do seu clube.`,
          'Não precisa fazer nada. Se quiser cancelar, é só entrar na sua conta antes dessa data.',
          '',
          `— ${storeName}`,
        ].join('\n'),
      })
    })
  }

  const paused = {
    subject: 'Sua assinatura do clube foi pausada',
    paragraphs: [
      'O PIX do novo período não foi pago a tempo, então o acesso aos materiais do clube foi pausado. Os materiais que você comprou à parte continuam com você.',
      'Pague o PIX que enviamos (ele continua valendo) e o acesso volta na hora.',
    ],
    button: { label: 'Ver minha conta', path: '/dashboard' },
  }

  return {
    find,
    viewOf,
    /** Export and erasure of her subscriptions (privacy module). */
    personalData: subscriptionPersonalData(db),

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

    /** Her subscriptions (the account's, or those of the e-mail she proved). */
    async mine(owner: { userId: string } | { email: string }): Promise<SubscriptionView[]> {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(
          'userId' in owner
            ? eq(subscriptions.userId, owner.userId)
            : eq(subscriptions.email, owner.email.toLowerCase()),
        )
        .orderBy(desc(subscriptions.createdAt))
      const all = await plans.all()
      // The latest granting cycle (paid, or a free period) of each subscription still opening
      // materials: 'Meus materiais' shows that order's purchases as the clube's.
      const opening = rows.filter((s) => (LIVE_STATUSES as readonly string[]).includes(s.status))
      const paid = opening.length
        ? await db
            .select({ id: subscriptionCycles.subscriptionId, orderId: subscriptionCycles.orderId })
            .from(subscriptionCycles)
            .where(
              and(
                inArray(
                  subscriptionCycles.subscriptionId,
                  opening.map((s) => s.id),
                ),
                inArray(subscriptionCycles.status, GRANTING_CYCLES),
                isNotNull(subscriptionCycles.orderId),
              ),
            )
            .orderBy(asc(subscriptionCycles.cycle))
        : []
      const grantOrder = new Map(paid.map((c) => [c.id, c.orderId]))
      return rows.map((s) =>
        view(
          s,
          all.find((p) => p.id === s.planId) ?? ({ name: 'Plano', interval: 'month' } as PlanRow),
          grantOrder.get(s.id) ?? null,
        ),
      )
    },

    /**
     * POST /api/subscriptions/:id/cancel: no further charge (an unpaid cycle's PIX is
     * cancelled), access until the period's end. `withdraw` within 7 days of the first
     * payment also asks the refund of that payment through the refund rules of any order.
     */
    async cancel(
      id: string,
      asker: OrderAsker,
      opts: { withdraw?: boolean; byAdmin?: boolean } = {},
    ): Promise<{ subscription: SubscriptionView; refund: 'refunded' | 'pending' | null }> {
      const sub = await find(id).catch(() => null)
      const owns =
        sub &&
        (opts.byAdmin ||
          (sub.userId !== null && sub.userId === asker.userId) ||
          (asker.guestEmail != null && asker.guestEmail.toLowerCase() === sub.email))
      if (!sub || !owns) throw notFound()
      if (sub.status === 'encerrada') throw conflict('Esta assinatura já terminou.')
      const until = sub.firstPaidAt ? sub.firstPaidAt.getTime() + days(WITHDRAWAL_DAYS) : 0
      if (opts.withdraw && until < deps.now().getTime()) {
        throw conflict(
          `O prazo de ${WITHDRAWAL_DAYS} dias para desistir com reembolso terminou. Você ainda pode cancelar: o acesso vai até o fim do período pago.`,
        )
      }
      const open = await db
        .select({ orderId: subscriptionCycles.orderId })
        .from(subscriptionCycles)
        .where(
          and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.status, 'charged')),
        )
      // Nothing paid and nothing open: ended now; otherwise access lasts to the period's end.
      const ends = sub.status === 'pendente' || sub.status === 'pausada'
      const content = {
        subject: 'Sua assinatura do clube foi cancelada',
        paragraphs: [
          ends || !sub.currentPeriodEnd
            ? 'Sua assinatura foi cancelada e nada mais será cobrado.'
            : `Sua assinatura foi cancelada e nada mais será cobrado. Os materiais do clube continuam liberados até ${dateBR.format(sub.currentPeriodEnd)}.`,
        ],
      }
      if (sub.status !== 'cancelada') {
        const mail = await deps.mail.compose(content)
        await move(
          sub,
          ['pendente', 'ativa', 'em_atraso', 'pausada'],
          ends ? 'encerrada' : 'cancelada',
          async (tx) => {
            await deps.mail.enqueue(tx, {
              ...mail,
              dedupeKey: `subscription:${sub.id}:cancelled`,
              to: sub.email,
            })
          },
          { cancelledAt: deps.now(), ...(ends ? { endedAt: deps.now() } : {}) },
        )
        deps.mail.wake()
      }
      for (const { orderId } of open) {
        if (orderId) await orders.close(orderId, 'pending', 'cancelled', 'admin')
      }
      // No further debit: the authorisation is revoked at the provider (retried if it fails).
      if (sub.providerSubscriptionId) await automatico.revoke(sub)
      let refund: 'refunded' | 'pending' | null = null
      if (opts.withdraw) {
        const [first] = await db
          .select({ orderId: subscriptionCycles.orderId })
          .from(subscriptionCycles)
          .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.cycle, 1)))
        const answer = await deps.refunds.request(
          first!.orderId!,
          { ...asker, role: opts.byAdmin ? 'superadmin' : asker.role, guestEmail: sub.email },
          'Desistência do clube (CDC art. 49)',
        )
        refund = answer.status === 'refunded' ? 'refunded' : 'pending'
      }
      return { subscription: await viewOf(await find(id)), refund }
    },

    /**
     * The renewal job (every few minutes, every instance): next cycles' PIX, periods that ended
     * unpaid or cancelled, and pauses after the grace. Each step is a conditional write, so
     * running it twice at once changes nothing twice.
     */
    async runDue(): Promise<{ charged: number; late: number; paused: number; ended: number }> {
      const now = deps.now()
      const values = await deps.settings.all()
      const before = values.renewal_days_before
      const grace = values.grace_days
      const allPlans = await plans.all()
      const planOf = (s: SubscriptionRow) => allPlans.find((p) => p.id === s.planId)
      let charged = 0
      let late = 0
      let pausedCount = 0
      let ended = 0

      const due = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'ativa'),
            isNull(subscriptions.cancelledAt),
            lte(
              subscriptions.currentPeriodEnd,
              new Date(now.getTime() + days(Math.max(before, DEBIT_DAYS_BEFORE))),
            ),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(BATCH)
      const monthlyFrom = now.getTime() + days(before)
      for (const sub of due) {
        if (sub.method !== 'pix_automatico' && sub.currentPeriodEnd!.getTime() > monthlyFrom) {
          continue
        }
        const plan = planOf(sub)
        if (plan && (await renewOne(sub, plan, grace))) charged++
      }

      const over = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ['ativa', 'cancelada']),
            lte(subscriptions.currentPeriodEnd, now),
          ),
        )
        .limit(BATCH)
      for (const sub of over) {
        if (sub.status === 'cancelada') {
          const done = await move(
            sub,
            ['cancelada'],
            'encerrada',
            async (tx) => deps.purchases.revokeOrders(tx, await paidCycleOrders(tx, sub.id)),
            { endedAt: now },
          )
          if (done) ended++
          continue
        }
        const mail = await deps.mail.compose({
          subject: 'O PIX do seu clube venceu',
          paragraphs: [
            `O período da sua assinatura terminou em ${dateBR.format(sub.currentPeriodEnd!)} e o PIX do novo período ainda não foi pago.`,
            `Os materiais continuam liberados por ${grace} ${grace === 1 ? 'dia' : 'dias'}; pague o PIX que enviamos por e-mail para não perder o acesso.`,
          ],
          button: { label: 'Ver minha conta', path: '/dashboard' },
        })
        const moved = await move(sub, ['ativa'], 'em_atraso', async (tx) => {
          await deps.mail.enqueue(tx, {
            ...mail,
            dedupeKey: `subscription:${sub.id}:late:${sub.currentPeriodEnd!.toISOString()}`,
            to: sub.email,
          })
        })
        if (moved) late++
      }

      const lapsed = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'em_atraso'),
            lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - days(grace))),
          ),
        )
        .limit(BATCH)
      if (lapsed.length > 0) {
        const mail = await deps.mail.compose(paused)
        for (const sub of lapsed) {
          const moved = await move(sub, ['em_atraso'], 'pausada', async (tx) => {
            await deps.purchases.revokeOrders(tx, await paidCycleOrders(tx, sub.id))
            await deps.mail.enqueue(tx, {
              ...mail,
              dedupeKey: `subscription:${sub.id}:paused:${sub.currentPeriodEnd!.toISOString()}`,
              to: sub.email,
            })
          })
          if (moved) pausedCount++
        }
      }
      for (const sub of await automatico.pendingRevokes()) await automatico.revoke(sub)
      if (charged + late + pausedCount + ended > 0) deps.mail.wake()
      return { charged, late, paused: pausedCount, ended }
    },

    /**
     * A PIX Automático debit the payer's bank refused (the payment pipeline, after the
     * provider confirmed it is unpaid): the debit's order is cancelled, the cycle gets a PIX
     * order sent by e-mail like any monthly renewal, and the subscription is 'em atraso' until
     * it is paid. Once: only the call that cancels the refused order goes on.
     */
    async debitRefused(order: {
      id: string
      subscriptionId: string | null
      pixExpiresAt: Date | null
    }) {
      if (!order.subscriptionId) return
      const [cycle] = await db
        .select()
        .from(subscriptionCycles)
        .where(eq(subscriptionCycles.orderId, order.id))
      const sub = await find(order.subscriptionId).catch(() => null)
      const plan = sub && (await plans.find(sub.planId).catch(() => null))
      if (!cycle || !sub || !plan) return
      if (!(await orders.close(order.id, 'pending', 'cancelled', 'provider'))) return
      const grace = await deps.settings.get('grace_days')
      const periodEnd = sub.currentPeriodEnd ?? deps.now()
      const expiresAt = new Date(Math.max(periodEnd.getTime(), deps.now().getTime()) + days(grace))
      const { placed } = await placeCycleOrder({
        sub,
        plan,
        cents: cycle.amountCents,
        expiresAt,
        sessionId: null,
        taxId: sub.taxId ?? undefined,
      })
      await db
        .update(subscriptionCycles)
        .set({ orderId: placed.id })
        .where(eq(subscriptionCycles.id, cycle.id))
      await renewalWhatsapp(placed, lineOf(plan, cycle.amountCents))
      const mail = await deps.mail.compose({
        subject: 'O PIX Automático do seu clube não foi debitado',
        paragraphs: [
          'O seu banco não fez o débito do PIX Automático deste período. Enviamos um PIX para você pagar: ele está no e-mail do pedido e na sua conta.',
          'Pague até o fim do período para não perder o acesso aos materiais do clube.',
        ],
        button: { label: 'Ver minha conta', path: '/dashboard' },
      })
      await move(sub, ['ativa'], 'em_atraso', async (tx) => {
        await deps.mail.enqueue(tx, {
          ...mail,
          dedupeKey: `subscription:${sub.id}:refused:${cycle.cycle}`,
          to: sub.email,
        })
      })
      deps.mail.wake()
      log.info({ subscriptionId: sub.id, cycle: cycle.cycle }, 'PIX Automático refused: PIX sent')
    },

    /**
     * A plan's new price: each live subscriber is told now by e-mail, and it is charged from
     * the first cycle whose PIX goes out at least PRICE_NOTICE_DAYS later (CDC: no surprise).
     */
    async priceChanged(plan: PlanRow): Promise<number> {
      const values = await deps.settings.all()
      const rows = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.planId, plan.id),
            inArray(subscriptions.status, ['ativa', 'em_atraso', 'pausada']),
            isNull(subscriptions.cancelledAt),
          ),
        )
      const now = deps.now().getTime()
      let told = 0
      for (const sub of rows) {
        const last = await lastCycle(sub.id)
        const lastCycleNo = last?.cycle ?? 1
        const nextChargeAt =
          (sub.currentPeriodEnd?.getTime() ?? now) - days(values.renewal_days_before)
        const notYetCharged = last?.status === 'paid' || last?.status === 'free'
        const fromCycle =
          notYetCharged && nextChargeAt - now >= days(PRICE_NOTICE_DAYS)
            ? lastCycleNo + 1
            : lastCycleNo + 2
        const startsAt = sub.currentPeriodEnd
          ? addInterval(sub.currentPeriodEnd, plan.interval, fromCycle - lastCycleNo - 1)
          : null
        const content = {
          subject: `O valor do clube ${plan.name} vai mudar`,
          paragraphs: [
            `A partir do período que começa em ${startsAt ? dateBR.format(startsAt) : 'seu próximo ciclo'}, a assinatura do clube ${plan.name} passa de ${brl(sub.priceCents)} para ${brl(plan.priceCents)}.`,
            'Até lá nada muda. Se não quiser continuar, você pode cancelar a qualquer momento na sua conta, sem custo.',
          ],
          button: { label: 'Ver minha assinatura', path: '/dashboard' },
        }
        const mail = await deps.mail.compose(content)
        await db.transaction(async (tx) => {
          await tx
            .update(subscriptions)
            .set({
              nextPriceCents: plan.priceCents === sub.priceCents ? null : plan.priceCents,
              nextPriceFromCycle: plan.priceCents === sub.priceCents ? null : fromCycle,
            })
            .where(eq(subscriptions.id, sub.id))
          await deps.mail.enqueue(tx, {
            ...mail,
            dedupeKey: `subscription:${sub.id}:price:${plan.priceCents}:${fromCycle}`,
            to: sub.email,
          })
        })
        told++
      }
      if (told > 0) deps.mail.wake()
      return told
    },

    /** GET /api/admin/subscriptions, newest first, each with its cycles. */
    async adminList(): Promise<AdminSubscription[]> {
      const rows = await db.select().from(subscriptions).orderBy(desc(subscriptions.createdAt))
      const cycles = rows.length
        ? await db
            .select()
            .from(subscriptionCycles)
            .where(
              inArray(
                subscriptionCycles.subscriptionId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(subscriptionCycles.cycle))
        : []
      const all = await plans.all()
      return rows.map((s) => ({
        id: s.id,
        planId: s.planId,
        planName: all.find((p) => p.id === s.planId)?.name ?? 'Plano removido',
        email: s.email,
        customerName: s.customerName,
        status: s.status,
        currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
        method: s.method,
        price: centsToDecimal(s.priceCents),
        createdAt: s.createdAt.toISOString(),
        cycles: cycles
          .filter((c) => c.subscriptionId === s.id)
          .map((c) => ({
            cycle: c.cycle,
            orderId: c.orderId,
            amount: centsToDecimal(c.amountCents),
            status: c.status,
          })),
      }))
    },

    /**
     * The owner gives one period free: a cycle whose order charges nothing, paid at once through
     * the order pipeline, so it does what paying any cycle does (clube-grants.ts): the period
     * ends one interval later, and the materials are granted afresh with the plan's downloads
     * for the new period (the previous cycle's grants end). The cycle stays 'free' in the list.
     */
    async freePeriod(id: string): Promise<AdminSubscription> {
      const sub = await find(id)
      const plan = await plans.find(sub.planId).catch(() => null)
      if (!plan || sub.status !== 'ativa' || !sub.currentPeriodEnd) {
        throw conflict('Só uma assinatura ativa pode ganhar um período grátis.')
      }
      const last = await lastCycle(id)
      if (last && last.status === 'charged') {
        throw conflict('O PIX do próximo período já foi enviado: espere o pagamento ou cancele-o.')
      }
      const orderId = newOrderId()
      await orders.placeWith(async (tx, place) => {
        await place(
          {
            id: orderId,
            userId: sub.userId,
            sessionId: null,
            customerName: sub.customerName,
            customerEmail: sub.email,
            customerWhatsapp: sub.customerWhatsapp,
            customerAddress: null,
            totalCents: 0,
            discountCents: 0,
            couponCode: null,
            paymentMethod: 'pix',
            paymentProvider: FREE_PROVIDER,
            subscriptionId: id,
          },
          [lineOf(plan, 0)],
        )
        // The cycle's number is taken once: a renewal or another click that took it first wins,
        // and this order is not stored.
        const [cycle] = await tx
          .insert(subscriptionCycles)
          .values({
            subscriptionId: id,
            cycle: (last?.cycle ?? 0) + 1,
            amountCents: 0,
            status: 'free',
            orderId,
          })
          .onConflictDoNothing()
          .returning()
        if (!cycle) throw conflict('Esta assinatura mudou agora: confira a lista e tente de novo.')
      })
      await orders.markOrderPaid(orderId, 'free')
      return (await this.adminList()).find((s) => s.id === id)!
    },

    /** MRR, new and cancelled per month, churn: the Clube tab's and the sales dashboard's. */
    async figures(): Promise<ClubeFigures> {
      const [rows, all] = await Promise.all([db.select().from(subscriptions), plans.all()])
      return clubeFigures(rows, all, deps.now())
    },
  }
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>
