/**
 * The types every route file needs (the app, its dependencies, its services), kept apart from
 * app.ts so that importing them never imports the wiring: app.ts imports the routes, the routes
 * import only this file, and the graph stays a tree.
 */
import type { EmailVerificationService } from './modules/accounts/email-verification.service.js'
import type { TermsService } from './modules/terms/terms.service.js'
import type { ContactService } from './modules/contact/contact.service.js'
import type { InvoicesService } from './modules/invoices/invoices.service.js'
import type { RefundsService } from './modules/refunds/refunds.service.js'
import type { ReviewReads } from './modules/reviews/review-reads.js'
import type { ProductUpdatesService } from './modules/product-updates/product-updates.service.js'
import type { NewsletterService } from './modules/newsletter/newsletter.service.js'
import type { AbandonedService } from './modules/abandoned/abandoned.service.js'
import type { ReviewsService } from './modules/reviews/reviews.service.js'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RouteOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { Lifecycle } from './lifecycle.js'
import type { FileStorage } from './files/storage.js'
import type { RateLimiter } from './http/rate-limit.js'
import type { JobLedger } from './lib/interval-job.js'
import type { AccountsService } from './modules/accounts/accounts.service.js'
import type { BnccService } from './modules/bncc/bncc.service.js'
import type { LoginService } from './modules/accounts/login.service.js'
import type { GuestAccessService } from './modules/guest-access/guest-access.service.js'
import type { PasswordResetService } from './modules/accounts/password-reset.service.js'
import type { SessionService } from './modules/accounts/sessions.service.js'
import type { UserAdmin } from './modules/accounts/user-admin.service.js'
import type { AdsService } from './modules/ads/ads.service.js'
import type { AdminReports } from './modules/admin/reports.read-model.js'
import type { FunnelService } from './modules/analytics/funnel.service.js'
import type { SalesReport } from './modules/analytics/sales.read-model.js'
import type { AdminSettings } from './modules/admin/admin-settings.service.js'
import type { OrderStatusService } from './modules/admin/order-status.service.js'
import type { CanvaLinksService } from './modules/canva/canva-links.service.js'
import type { CartService } from './modules/cart/cart.service.js'
import type { CatalogService } from './modules/catalog/catalog.service.js'
import type { CardCheckoutService } from './modules/checkout/card-checkout.service.js'
import type { CheckoutService } from './modules/checkout/checkout.service.js'
import type { CouponsService } from './modules/coupons/coupons.service.js'
import type { CustomerService } from './modules/customer/customer.service.js'
import type { DownloadsService } from './modules/downloads/downloads.service.js'
import type { MessagingService } from './modules/messaging/messaging.service.js'
import type { OrdersService } from './modules/orders/orders.service.js'
import type { PrivacyService } from './modules/privacy/privacy.service.js'
import type { PaymentsService } from './modules/payments/payments.service.js'
import type { BackupService } from './modules/backup/backup.service.js'
import type { HealthService } from './modules/health/health.service.js'
import type { RecoveryService } from './modules/recovery/recovery.service.js'
import type { ProductsService } from './modules/products/products.service.js'
import type { UploadJournal } from './modules/products/upload-journal.service.js'
import type { SettingsService } from './modules/settings/settings.service.js'
import type { StoreLogo } from './modules/store/store-logo.service.js'
import type { StoreService } from './modules/store/store.service.js'
import type { StampingService } from './modules/stamping/stamping.service.js'
import type { PlansService } from './modules/subscriptions/plans.service.js'
import type { SubscriptionsService } from './modules/subscriptions/subscriptions.service.js'

export interface Deps {
  config: Config
  database: Database
  storage: FileStorage
  /** Order expiry, payment re-check and outbox timers; tests turn them off and drive them. */
  backgroundJobs?: boolean
  /** Called for every route as it is registered (tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void
  /** Where the log goes instead of stdout (tests read it to check what is written). */
  logStream?: DestinationStream
  /** The clock that expiring links are measured on (password reset); tests pass their own. */
  now?: () => Date
  /** Shared with main.ts, which drains it on SIGTERM; a fresh one when not given. */
  lifecycle?: Lifecycle
  /** Tests only: some rate limits raised by policy name (see createRateLimiter). */
  rateLimits?: Record<string, number>
}

/** Every module's service, built once in app.ts. */
export interface Services {
  settings: SettingsService
  /** When each scheduled job last ran, on any instance (startIntervalJob's ledger). */
  scheduledJobs: JobLedger
  accounts: AccountsService
  sessions: SessionService
  login: LoginService
  /** Accounts prove their e-mail with a code (decision 026). */
  emailVerification: EmailVerificationService
  passwordReset: PasswordResetService
  guestAccess: GuestAccessService
  userAdmin: UserAdmin
  /** Shared by every limited call (login, register, guest look-up), in memory or in Redis. */
  limiter: RateLimiter
  products: ProductsService
  uploadJournal: UploadJournal
  catalog: CatalogService
  cart: CartService
  orders: OrdersService
  coupons: CouponsService
  payments: PaymentsService
  checkout: CheckoutService
  cardCheckout: CardCheckoutService
  downloads: DownloadsService
  customer: CustomerService
  canvaLinks: CanvaLinksService
  stamping: StampingService
  messaging: MessagingService
  adminSettings: AdminSettings
  adminReports: AdminReports
  /** The shop's funnel, counted without cookies (analytics module). */
  funnel: FunnelService
  /** The sales dashboard's figures and the orders' CSV. */
  salesReport: SalesReport
  /** The ad platforms' server events (Meta, GA4, TikTok) and their status. */
  ads: AdsService
  changeOrderStatus: OrderStatusService
  privacy: PrivacyService
  refunds: RefundsService
  recovery: RecoveryService
  /** The clube's plans (issue 30). */
  plans: PlansService
  /** The clube's subscriptions, their renewals and cancellations. */
  subscriptions: SubscriptionsService
  /** The owner's first hour (issue 27): checklist and demo removal. */
  store: StoreService
  storeLogo: StoreLogo
  /** Scheduled, verified backups and their copies (issue 32). */
  backups: BackupService
  /** 'Saúde da loja': the checks and the owner's alert e-mails (issue 32). */
  health: HealthService
  /** Verified reviews: the buyer's write, the owner's moderation, the review requests. */
  reviews: ReviewsService
  /** Approved reviews as the public reads them (also the catalogue's stars). */
  reviewReads: ReviewReads
  /** 'Avisar compradores': a new version of a product's files told to its buyers. */
  productUpdates: ProductUpdatesService
  /** Opt-in newsletters (double opt-in, one-click unsubscribe) and the owner's sends. */
  newsletter: NewsletterService
  /** Checkouts left half-way: the draft, and its one reminder (with consent only). */
  abandoned: AbandonedService
  invoices: InvoicesService
  contact: ContactService
  terms: TermsService
  /** The BNCC's objectives and skills, searched by code, prefix or words. */
  bncc: BnccService
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    deps: Deps
    lifecycle: Lifecycle
  }
}
