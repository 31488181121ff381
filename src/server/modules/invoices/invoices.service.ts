import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  INVOICE_STATUS_LABELS,
  type AdminInvoice,
  type BuyerInvoice,
  type InvoiceMonth,
} from '../../../contracts/invoices.js'
import { AppError } from '../../errors.js'
import { csvDocument } from '../../lib/csv.js'
import type { WebhookInput } from '../../providers/webhook-input.js'
import type { OrderEffects } from '../orders/orders.service.js'
import { invoiceOrderEffects } from './invoice-effects.js'
import {
  brasiliaDay,
  invoiceClaims,
  toCancel,
  WORKING,
  type InvoiceRow,
  type InvoicesDeps,
} from './invoice-parts.js'
import { invoiceWorker } from './invoice-worker.js'
import { invoiceMonths, invoiceRows } from './invoices.read-model.js'
import { invoices } from './invoices.tables.js'

export { AUTO_ATTEMPTS, type InvoicesDeps } from './invoice-parts.js'

/** The invoices module as the others see it (its routes, the customer area, the module). */
export interface InvoicesService {
  /** Its handlers of the order events: the row with the payment, the cancel with the refund. */
  orderEffects: OrderEffects
  /** The worker's run: up to `limit` claimed notas worked; answers how many. */
  runDue(limit?: number): Promise<number>
  /** GET /api/admin/invoices: newest first, with the provider's message. */
  list(): Promise<AdminInvoice[]>
  /** The monthly totals of authorised notas (Brasília months), newest first. */
  months(): Promise<InvoiceMonth[]>
  /** One month's authorised notas as CSV for the accountant. */
  csv(month: string): Promise<string>
  /** The owner's retry of a failed (or stuck) nota. */
  retry(orderId: string): Promise<AdminInvoice>
  /** The owner's cancel of an authorised nota (or of one not yet issued). */
  cancel(orderId: string): Promise<AdminInvoice>
  /** A provider's webhook: a hint that the nota it names is to be asked about now. */
  handleWebhook(name: string, input: WebhookInput): Promise<void>
  /** The authorised notas of these orders, for the buyer's 'Meus materiais'. */
  ofOrders(orderIds: string[]): Promise<Map<string, BuyerInvoice>>
  /** How many notas are waiting on work. */
  working(): Promise<number>
}

/**
 * The nota fiscal (NFS-e) of each paid order, exactly one: the row is written in the very
 * transaction that pays the order (invoice-effects.ts), then worked by whichever instance claims it (claims helper, decision
 * 025; invoice-worker.ts, invoice-settle.ts). A refund cancels it (or drops one not yet
 * issued); a cancellation the municipality refuses is shown and e-mailed to the owner.
 */
export function createInvoicesService(deps: InvoicesDeps): InvoicesService {
  const { db, notas } = deps
  const claims = invoiceClaims(deps.now)
  const { runDue } = invoiceWorker(deps, claims)

  async function rowOf(orderId: string): Promise<InvoiceRow> {
    const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId))
    if (!row) throw new AppError('not_found', 'Nota fiscal não encontrada')
    return row
  }

  return {
    orderEffects: invoiceOrderEffects(deps, claims),
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
        await db.update(invoices).set(toCancel(claims)).where(eq(invoices.id, row.id))
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
