import { and, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { REFUND_WINDOW_DAYS } from '../../../contracts/refunds.js'
import type { Db } from '../../db/client.js'
import { exponentialBackoff, rowClaims, type Clock } from '../../db/claims.js'
import type { MailOutbox } from '../messaging/messaging.service.js'
import type { OrderReads } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { NotaProviders } from './providers/nota-registry.js'
import { invoices } from './invoices.tables.js'

/** What the invoices service is built with (invoices.module.ts), shared by its parts. */
export interface InvoicesDeps {
  db: Db
  settings: SettingsService
  orders: Pick<OrderReads, 'find' | 'lines'>
  notas: NotaProviders
  mail: MailOutbox
  log: FastifyBaseLogger
  now?: Clock
}

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
export const WITHDRAWAL_DAYS = REFUND_WINDOW_DAYS
export const DAY_SECONDS = 24 * 60 * 60
/** Failures retried on their own this many times (1 min, 2, 4, … up to 6 h); then by hand. */
export const AUTO_ATTEMPTS = 8

export type InvoiceRow = typeof invoices.$inferSelect

/** Work still to do on a nota: issue it, ask about it, or cancel it. */
export const WORKING = ['scheduled', 'processing', 'failed', 'cancel_pending'] as const

/** The Brasília day of `at` (YYYY-MM-DD): a nota's date is the municipality's. */
export const brasiliaDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at)

export const NOT_SET_UP =
  'Emissão de nota desligada ou sem chave: confira a seção Nota fiscal das configurações'

/** The rows' claims (decision 025): one instance works a nota at a time, failures back off. */
export function invoiceClaims(now?: Clock) {
  return rowClaims({
    table: invoices,
    leaseSeconds: 120,
    backoffSeconds: exponentialBackoff(60, 6 * 60 * 60),
    eligible: or(
      inArray(invoices.status, ['scheduled', 'processing', 'cancel_pending']),
      and(eq(invoices.status, 'failed'), lt(invoices.attempts, AUTO_ATTEMPTS)),
    ),
    // Issuing twice is harmless: the provider answers the nota of the same reference.
    expired: 'retake',
    clock: now,
  })
}

export type InvoiceClaims = ReturnType<typeof invoiceClaims>

/** A nota to be cancelled at its provider: worked at once, its count of tries afresh. */
export const toCancel = (claims: InvoiceClaims) => ({
  status: 'cancel_pending' as const,
  attempts: 0,
  nextAttemptAt: claims.now() as unknown as Date,
  message: null,
  updatedAt: sql`now()`,
})
