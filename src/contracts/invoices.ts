/**
 * The nota fiscal (NFS-e): what the checkout sends when the buyer asks for one, and what the
 * owner's 'Notas fiscais' tab reads.
 */
import { z } from 'zod'
import { taxIdDigits, TaxIdField } from './tax-id.js'

export const INVOICE_STATUSES = [
  'scheduled',
  'processing',
  'failed',
  'authorized',
  'cancel_pending',
  'cancelled',
  'cancel_denied',
  'dropped',
] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** The owner's words for each status. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  scheduled: 'Agendada',
  processing: 'Em processamento',
  failed: 'Com erro',
  authorized: 'Emitida',
  cancel_pending: 'Cancelando',
  cancelled: 'Cancelada',
  cancel_denied: 'Cancelamento recusado',
  dropped: 'Não emitida (reembolso)',
}

export const COMPANY_NAME_REQUIRED = 'Informe a razão social da empresa para a nota com CNPJ'
export const INVOICE_TAX_ID_REQUIRED = 'Informe o CPF ou CNPJ para a nota fiscal'

/**
 * 'Quero nota fiscal' at checkout: the buyer's CPF or CNPJ, checked digit by digit, and for a
 * CNPJ the company's name (razão social). Stored only on the orders that asked.
 */
export const InvoiceRequest = z
  .object({
    taxId: TaxIdField.refine((v) => v !== undefined, { error: INVOICE_TAX_ID_REQUIRED }),
    companyName: z
      .string()
      .trim()
      .max(150, { error: 'Razão social longa demais: use até 150 caracteres' })
      .optional(),
  })
  .superRefine((data, ctx) => {
    if (data.taxId?.length === 14 && !data.companyName) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: COMPANY_NAME_REQUIRED })
    }
  })
  .transform((data) => ({
    taxId: taxIdDigits(data.taxId ?? ''),
    // A CPF's nota goes to the buyer's own name: a company name is kept only with a CNPJ.
    companyName: data.taxId?.length === 14 ? (data.companyName ?? null) : null,
  }))
export type InvoiceRequest = z.input<typeof InvoiceRequest>

/** One row of GET /api/admin/invoices. Amounts as decimal text ('29.90'), like every answer. */
export const AdminInvoice = z.object({
  orderId: z.string(),
  status: z.enum(INVOICE_STATUSES),
  number: z.string().nullable(),
  amount: z.string(),
  pdfUrl: z.string().nullable(),
  xmlUrl: z.string().nullable(),
  message: z.string().nullable(),
  provider: z.string().nullable(),
  customerName: z.string(),
  createdAt: z.string(),
  authorizedAt: z.string().nullable(),
})
export type AdminInvoice = z.infer<typeof AdminInvoice>

/** The notas authorised in one month (YYYY-MM, Brasília), for the accountant. */
export const InvoiceMonth = z.object({
  month: z.string(),
  count: z.number(),
  total: z.string(),
})
export type InvoiceMonth = z.infer<typeof InvoiceMonth>

export const InvoiceOrderParams = z.object({ orderId: z.string().min(1).max(100) })
export const InvoiceMonthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mês inválido: use AAAA-MM' })
    .optional(),
})

/** What the buyer sees of her nota in 'Meus materiais' and the e-mail. */
export const BuyerInvoice = z.object({
  number: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  xmlUrl: z.string().nullable(),
})
export type BuyerInvoice = z.infer<typeof BuyerInvoice>
