import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  INVOICE_STATUS_LABELS,
  type AdminInvoice,
  type BuyerInvoice,
  type InvoiceMonth,
} from '../../../contracts/invoices.js'
import { REFUND_WINDOW_DAYS } from '../../../contracts/refunds.js'
import type { Db } from '../../db/client.js'
import { exponentialBackoff, rowClaims, type Clock } from '../../db/claims.js'
import { AppError } from '../../errors.js'
import { csvDocument } from '../../lib/csv.js'
import type { MailOutbox } from '../messaging/messaging.service.js'
import type { OrderEffects, OrderReads, OrderRow } from '../orders/orders.service.js'
import type {
  NotaAnswer,
  NotaProvider,
  NotaProviders,
  NotaRequest,
  WebhookInput,
} from '../payments/payments.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { invoiceMonths, invoiceRows } from './invoices.read-model.js'
import { invoices } from './invoices.tables.js'

/**
 * The provider's own words from a failed call: ProviderApiError keeps its answer (never the
 * request) after 'Provider 422: '; Focus NFe says `mensagem`, Asaas `errors[].description`.
 */
export function providerWords(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  // No answer at all (ProviderApiError status 0): the owner reads it in Portuguese.
  const silent = /^(.+?) unreachable:/.exec(text)
  if (silent)
    return `${silent[1]} não respondeu (fora do ar ou endereço errado); nova tentativa em breve`
  const at = text.indexOf('{')
  if (at < 0) return text
  try {
    const body = JSON.parse(text.slice(at)) as {
      mensagem?: unknown
      errors?: { description?: unknown }[]
    }
    const words = body.mensagem ?? body.errors?.[0]?.description
    return typeof words === 'string'
      ? `${text.slice(0, at).replace(/[:\s]+$/, '')}: ${words}`
      : text
  } catch {
    return text
  }
}

/** The withdrawal window (CDC art. 49): 7 days after the purchase. */
const WITHDRAWAL_DAYS = REFUND_WINDOW_DAYS
const DAY_SECONDS = 24 * 60 * 60
/** Failures retried on their own this many times (1 min, 2, 4, … up to 6 h); then by hand. */
export const AUTO_ATTEMPTS = 8

type InvoiceRow = typeof invoices.$inferSelect

/** Work still to do on a nota: issue it, ask about it, or cancel it. */
const WORKING = ['scheduled', 'processing', 'failed', 'cancel_pending'] as const

/** The Brasília day of `at` (YYYY-MM-DD): a nota's date is the municipality's. */
const brasiliaDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at)

const NOT_SET_UP =
  'Emissão de nota desligada ou sem chave: confira a seção Nota fiscal das configurações'

/**
 * The nota fiscal (NFS-e) of each paid order, exactly one: the row is written in the very
 * transaction that pays the order (an order effect; `order_id` is unique, and only one caller
 * ever pays an order), then worked by whichever instance claims it (claims helper, decision
 * 025), and the provider gets the order id as its reference, so a retry after a lost answer
 * finds the nota instead of asking for a second one. A refund cancels it (or drops one not yet
 * issued); a cancellation the municipality refuses is shown and e-mailed to the owner.
 */
export function createInvoicesService(deps: {
  db: Db
  settings: SettingsService
  orders: Pick<OrderReads, 'find' | 'lines'>
  notas: NotaProviders
  mail: MailOutbox
  log: FastifyBaseLogger
  now?: Clock
}) {
  const { db, settings, notas, mail, log } = deps
  const claims = rowClaims({
    table: invoices,
    leaseSeconds: 120,
    backoffSeconds: exponentialBackoff(60, 6 * 60 * 60),
    eligible: or(
      inArray(invoices.status, ['scheduled', 'processing', 'cancel_pending']),
      and(eq(invoices.status, 'failed'), lt(invoices.attempts, AUTO_ATTEMPTS)),
    ),
    // Issuing twice is harmless: the provider answers the nota of the same reference.
    expired: 'retake',
    clock: deps.now,
  })
  const nowDate = () => deps.now?.() ?? new Date()

  const orderEffects: OrderEffects = {
    async preparePaid() {
      const [provider, issueOn, unidentified] = await Promise.all([
        settings.get('nfse_provider'),
        settings.get('nfse_issue_on'),
        settings.get('nfse_unidentified_buyer'),
      ])
      return async (tx: Db, order: OrderRow) => {
        // Nothing charged (a coupon took it all): no service was sold for money, no nota.
        if (provider === 'off' || order.totalCents === 0) return
        if (!order.invoiceTaxId && !unidentified) return
        const wait = issueOn === 'paid' ? 0 : WITHDRAWAL_DAYS * DAY_SECONDS
        await tx
          .insert(invoices)
          .values({
            orderId: order.id,
            amountCents: order.totalCents,
            nextAttemptAt: claims.secondsFromNow(wait) as unknown as Date,
          })
          .onConflictDoNothing({ target: invoices.orderId })
      }
    },
    async closed(tx, orderId, status) {
      if (status !== 'refunded' && status !== 'cancelled') return
      // Not issued yet: there will be none. Issued (or being issued): it is to be cancelled.
      await tx
        .update(invoices)
        .set({ status: 'dropped', updatedAt: sql`now()` })
        .where(
          and(eq(invoices.orderId, orderId), inArray(invoices.status, ['scheduled', 'failed'])),
        )
      await tx
        .update(invoices)
        .set({
          status: 'cancel_pending',
          attempts: 0,
          nextAttemptAt: claims.now() as unknown as Date,
          message: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(invoices.orderId, orderId),
            inArray(invoices.status, ['processing', 'authorized']),
          ),
        )
    },
  }

  async function requestOf(row: InvoiceRow, order: OrderRow): Promise<NotaRequest> {
    const [serviceCode, serviceDescription, issRate, issWithheld, lines] = await Promise.all([
      settings.get('nfse_service_code'),
      settings.get('nfse_service_description'),
      settings.get('nfse_iss_rate'),
      settings.get('nfse_iss_withheld'),
      deps.orders.lines(order.id),
    ])
    const bought = lines.map((l) => `${l.quantity}x ${l.productName}`).join(', ')
    return {
      orderId: order.id,
      amountCents: row.amountCents,
      payment: { provider: order.paymentProvider, id: order.providerPaymentId },
      description: `${serviceDescription}: ${bought}`.slice(0, 2000),
      serviceCode,
      issRate,
      issWithheld,
      effectiveDate: brasiliaDay(order.paidAt ?? nowDate()),
      buyer: {
        name: order.customerName,
        email: order.customerEmail,
        taxId: order.invoiceTaxId,
        companyName: order.invoiceCompanyName,
      },
    }
  }

  /** The buyer's e-mail with the nota's links, written with the row that says it is authorised. */
  async function authorisedMail(order: OrderRow, answer: NotaAnswer) {
    const links = [
      answer.pdfUrl ? `PDF: ${answer.pdfUrl}` : null,
      answer.xmlUrl ? `XML: ${answer.xmlUrl}` : null,
    ].filter((l): l is string => l !== null)
    return mail.compose({
      subject: `Sua nota fiscal${answer.number ? ` nº ${answer.number}` : ''}`,
      preview: 'A nota fiscal do seu pedido foi emitida',
      greeting: `Olá, ${order.customerName.split(' ')[0]}!`,
      paragraphs: [
        `A nota fiscal do pedido ${order.id} foi emitida. Guarde os arquivos abaixo.`,
        ...links,
      ],
      ...(answer.pdfUrl ? { button: { label: 'Ver a nota (PDF)', path: answer.pdfUrl } } : {}),
      note: 'Os arquivos também ficam em Meus materiais, no seu pedido.',
    })
  }

  /** The owner's e-mail when a refunded order's nota could not be cancelled. */
  async function cancelDeniedMail(orderId: string, message: string | null) {
    return mail.compose({
      subject: `Nota fiscal do pedido ${orderId} não foi cancelada`,
      paragraphs: [
        `O pedido ${orderId} foi reembolsado, mas o cancelamento da nota fiscal foi recusado.`,
        message ? `Motivo informado: ${message}` : 'O emissor não informou o motivo.',
        'Cancele a nota no portal da prefeitura ou fale com o seu contador.',
      ],
      button: { label: 'Ver notas fiscais', path: '/admin?aba=invoices' },
    })
  }

  /** Writes what the provider answered, while this claim still holds the row. */
  async function settle(
    row: InvoiceRow,
    providerName: string,
    answer: NotaAnswer,
    order: OrderRow,
  ) {
    const base = {
      provider: providerName,
      providerRef: answer.providerRef || row.providerRef,
      updatedAt: sql`now()`,
    }
    const cancelling = row.status === 'cancel_pending'
    if (answer.state === 'authorized' && !cancelling) {
      const content = await authorisedMail(order, answer)
      await db.transaction(async (tx) => {
        const [won] = await tx
          .update(invoices)
          .set({
            ...base,
            ...claims.released(),
            status: 'authorized',
            number: answer.number,
            pdfUrl: answer.pdfUrl,
            xmlUrl: answer.xmlUrl,
            message: null,
            authorizedAt: sql`now()`,
          })
          .where(claims.held(row))
          .returning({ id: invoices.id })
        if (won) {
          await mail.enqueue(tx, {
            ...content,
            dedupeKey: `order:${order.id}:nota-authorized`,
            to: order.customerEmail,
          })
        }
      })
      mail.wake()
      return
    }
    if (answer.state === 'cancelled') {
      await db
        .update(invoices)
        .set({ ...base, ...claims.released(), status: 'cancelled', message: null })
        .where(claims.held(row))
      return
    }
    if (answer.state === 'cancel_denied' || (answer.state === 'authorized' && cancelling)) {
      if (answer.state === 'authorized') {
        // Asked to cancel, still authorised: ask again later.
        await db
          .update(invoices)
          .set({ ...base, ...claims.retryLater(row) })
          .where(claims.held(row))
        return
      }
      const adminEmail = (await settings.get('admin_email')).trim()
      const content = adminEmail ? await cancelDeniedMail(order.id, answer.message) : null
      await db.transaction(async (tx) => {
        const [won] = await tx
          .update(invoices)
          .set({ ...base, ...claims.released(), status: 'cancel_denied', message: answer.message })
          .where(claims.held(row))
          .returning({ id: invoices.id })
        if (won && content) {
          await mail.enqueue(tx, {
            ...content,
            dedupeKey: `order:${order.id}:nota-cancel-denied`,
            to: adminEmail,
          })
        }
      })
      mail.wake()
      return
    }
    if (answer.state === 'error') {
      await db
        .update(invoices)
        .set({
          ...base,
          ...claims.retryLater(row),
          status: cancelling ? 'cancel_pending' : 'failed',
          message: answer.message ?? 'O emissor recusou a nota sem dizer o motivo',
        })
        .where(claims.held(row))
      return
    }
    // processing or cancelling: asked about again after the back-off.
    await db
      .update(invoices)
      .set({
        ...base,
        ...claims.retryLater(row),
        status: cancelling ? 'cancel_pending' : 'processing',
        message: null,
      })
      .where(claims.held(row))
  }

  async function failed(row: InvoiceRow, message: string) {
    await db
      .update(invoices)
      .set({
        ...claims.retryLater(row),
        status: row.status === 'scheduled' ? 'failed' : row.status,
        message,
        updatedAt: sql`now()`,
      })
      .where(claims.held(row))
  }

  async function work(row: InvoiceRow): Promise<void> {
    const order = await deps.orders.find(row.orderId)
    if (!order) return failed(row, 'Pedido não encontrado')
    const provider: NotaProvider | null = row.provider
      ? await notas.named(row.provider)
      : await notas.current()
    if (!provider) return failed(row, NOT_SET_UP)
    const ref = { orderId: row.orderId, providerRef: row.providerRef }
    try {
      if (row.status === 'cancel_pending') {
        const now = row.providerRef || row.provider ? await provider.status(ref) : null
        if (!now || now.state === 'error') {
          // Nothing was ever authorised there: nothing to cancel.
          await db
            .update(invoices)
            .set({ ...claims.released(), status: 'cancelled', updatedAt: sql`now()` })
            .where(claims.held(row))
          return
        }
        if (now.state === 'cancelled' || now.state === 'cancelling') {
          return settle(row, provider.name, now, order)
        }
        return settle(row, provider.name, await provider.cancel(ref, 'Pedido reembolsado'), order)
      }
      if (row.status === 'processing') {
        const now = await provider.status(ref)
        if (now) return settle(row, provider.name, now, order)
      }
      return settle(row, provider.name, await provider.issue(await requestOf(row, order)), order)
    } catch (err) {
      log.warn({ err, orderId: row.orderId }, 'nota fiscal step failed')
      return failed(row, providerWords(err))
    }
  }

  async function runDue(limit = 20): Promise<number> {
    const rows = await claims.claimDue(db, limit)
    for (const row of rows) await work(row)
    return rows.length
  }

  async function rowOf(orderId: string): Promise<InvoiceRow> {
    const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId))
    if (!row) throw new AppError('not_found', 'Nota fiscal não encontrada')
    return row
  }

  return {
    orderEffects,
    runDue,

    /** GET /api/admin/invoices: newest first, with the provider's message. */
    list: (): Promise<AdminInvoice[]> => invoiceRows(db),

    /** The monthly totals of authorised notas (Brasília months), newest first. */
    months: (): Promise<InvoiceMonth[]> => invoiceMonths(db),

    /** One month's authorised notas as CSV for the accountant (';' and a decimal comma). */
    async csv(month: string): Promise<string> {
      const rows = (await invoiceRows(db)).filter(
        (r) => r.authorizedAt && brasiliaDay(new Date(r.authorizedAt)).startsWith(month),
      )
      return csvDocument(
        ['numero', 'pedido', 'cliente', 'valor', 'status', 'emitida_em', 'pdf', 'xml'],
        rows.map((r) => [
          r.number,
          r.orderId,
          // The company or the buyer's name, as typed at checkout: the writer keeps formulas out.
          r.customerName,
          r.amount.replace('.', ','),
          INVOICE_STATUS_LABELS[r.status],
          r.authorizedAt ? brasiliaDay(new Date(r.authorizedAt)) : null,
          r.pdfUrl,
          r.xmlUrl,
        ]),
      )
    },

    /** The owner's retry: a failed (or stuck) nota is issued again now. */
    async retry(orderId: string): Promise<AdminInvoice> {
      const row = await rowOf(orderId)
      if (!['failed', 'scheduled', 'processing', 'cancel_pending'].includes(row.status)) {
        throw new AppError('conflict', 'Esta nota não tem nada a tentar de novo')
      }
      await db
        .update(invoices)
        .set({
          status: row.status === 'failed' ? 'scheduled' : row.status,
          attempts: 0,
          nextAttemptAt: claims.now() as unknown as Date,
          lockedUntil: null,
          claimId: null,
          updatedAt: sql`now()`,
        })
        .where(eq(invoices.id, row.id))
      await runDue()
      return (await invoiceRows(db, orderId))[0]!
    },

    /** The owner's cancel of an authorised nota (or of one not yet issued). */
    async cancel(orderId: string): Promise<AdminInvoice> {
      const row = await rowOf(orderId)
      if (['scheduled', 'failed'].includes(row.status)) {
        await db
          .update(invoices)
          .set({ status: 'dropped', updatedAt: sql`now()` })
          .where(eq(invoices.id, row.id))
      } else if (['authorized', 'processing', 'cancel_denied'].includes(row.status)) {
        await db
          .update(invoices)
          .set({
            status: 'cancel_pending',
            attempts: 0,
            nextAttemptAt: claims.now() as unknown as Date,
            message: null,
            updatedAt: sql`now()`,
          })
          .where(eq(invoices.id, row.id))
        await runDue()
      } else {
        throw new AppError('conflict', 'Esta nota já foi cancelada')
      }
      return (await invoiceRows(db, orderId))[0]!
    },

    /**
     * POST /api/webhooks/nfse/<name>: verified by the provider, read as a hint only; the nota
     * it names is asked about now (the provider's answer is what counts).
     */
    async handleWebhook(name: string, input: WebhookInput): Promise<void> {
      const provider = notas.isWebhook(name) ? await notas.named(name) : null
      if (!provider) throw new AppError('not_found', 'Emissor de nota não configurado')
      const ref = await provider.parseWebhook(input)
      if (!ref) return
      const [row] = await db
        .update(invoices)
        .set({ nextAttemptAt: claims.now() as unknown as Date })
        .where(
          and(
            eq(invoices.orderId, ref.orderId),
            inArray(invoices.status, ['processing', 'cancel_pending']),
          ),
        )
        .returning({ id: invoices.id })
      if (row) await runDue()
    },

    /** The authorised notas of these orders, for the buyer's 'Meus materiais'. */
    async ofOrders(orderIds: string[]): Promise<Map<string, BuyerInvoice>> {
      if (orderIds.length === 0) return new Map()
      const rows = await db
        .select()
        .from(invoices)
        .where(and(inArray(invoices.orderId, orderIds), eq(invoices.status, 'authorized')))
      return new Map(
        rows.map((r) => [r.orderId, { number: r.number, pdfUrl: r.pdfUrl, xmlUrl: r.xmlUrl }]),
      )
    },

    /** How many notas are waiting on work (the overview, the readiness of the worker). */
    async working(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(inArray(invoices.status, [...WORKING]))
      return row?.n ?? 0
    },
  }
}

export type InvoicesService = ReturnType<typeof createInvoicesService>
