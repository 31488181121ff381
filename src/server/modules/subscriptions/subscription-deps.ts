import type { FastifyBaseLogger } from 'fastify'
import type { Product } from '../../../contracts/products.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { RateLimiter } from '../../http/rate-limit.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import type { PaymentsService } from '../payments/payments.service.js'
import type { RefundsService } from '../refunds/refunds.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { TermsService } from '../terms/terms.service.js'
import type { PlansService } from './plans.service.js'

/** What the subscriptions service is built with (subscriptions.module.ts), shared by its parts. */
export interface SubscriptionsDeps {
  db: Db
  plans: PlansService
  orders: OrdersService
  payments: PaymentsService
  accounts: AccountsService
  purchases: Pick<PurchasesService, 'revokeOrders' | 'grantClube' | 'liveOf'>
  /** The catalogue on sale now (in memory): what a plan opens is worked out from it. */
  onSale: () => Promise<Product[]>
  refunds: Pick<RefundsService, 'request'>
  mail: MessagingService['mail']
  /** The renewal PIX by WhatsApp too, when a WhatsApp gateway is connected. */
  reminders: Pick<MessagingService['reminders'], 'prepare' | 'flush'>
  whatsapp: Pick<MessagingService['whatsapp'], 'configured' | 'address' | 'enqueue'>
  settings: SettingsService
  /** The terms she agrees to when subscribing, kept with each cycle's order for its receipt. */
  terms: Pick<TermsService, 'currentVersion'>
  limiter: RateLimiter
  log: FastifyBaseLogger
  now: () => Date
}

/** CDC art. 49: a distance purchase may be withdrawn within 7 days of the first payment. */
export const WITHDRAWAL_DAYS = 7
/** A new price is charged only in a cycle whose PIX goes out at least this long after the notice. */
export const PRICE_NOTICE_DAYS = 7
/** Rows one step of the renewal job takes; the next run (minutes later) takes the rest. */
export const BATCH = 100
/**
 * A PIX Automático debit is scheduled this many days before its date (or `renewal_days_before`
 * if more): the Central Bank takes a recurring charge 2 to 10 days ahead, and Woovi takes the
 * store's own from 5 days ahead (https://developers.woovi.com/docs/pix-automatic/pix-automatic-cobr-manual).
 */
export const DEBIT_DAYS_BEFORE = 7
export const TAX_ID_MESSAGE = 'Informe um CPF ou CNPJ válido para pagar pelo PIX'

export const notFound = () => new AppError('not_found', 'Assinatura não encontrada')
export const conflict = (message: string) => new AppError('conflict', message)
export const dateBR = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'long',
  timeZone: 'America/Sao_Paulo',
})
export const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100)
