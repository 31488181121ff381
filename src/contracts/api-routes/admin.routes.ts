import type { NotifyUpdateAnswer, NotifyUpdateBody } from '../product-updates'
import type { AdminInvoice, InvoiceMonth } from '../invoices'
import type { AdminContactRequest } from '../contact'
import type {
  AdminAnalytics,
  AdminOrder,
  AdminPaymentMode,
  AdminProductLight,
  AdminSetting,
  AdminUser,
  BumpStat,
  DownloadStat,
  OrderStatusBody,
  RecoveryReport,
  SettingBody,
  TestUploadAnswer,
  ToggleBody,
  UserRoleBody,
} from '../admin'
import type { AdsStatus } from '../ads'
import type { SalesAnalytics } from '../analytics'
import type {
  BackupEntry,
  BackupKeyAnswer,
  BackupList,
  BackupStatus,
  RestoreAnswer,
} from '../backup'
import type { HealthAnswer } from '../health'
import type { AdminCoupon, CouponInput } from '../coupons'
import type {
  AdminCanvaLink,
  AdminEmails,
  CanvaLinkBody,
  ResendEmailAnswer,
  TestWhatsappAnswer,
  TestWhatsappBody,
  WhatsappConfig,
  WhatsappConfigBody,
  WhatsappStatus,
} from '../messaging'
import type {
  DataExport,
  ErasureAnswer,
  PrivacyAuditEntry,
  PrivacyEmailBody,
  PrivacyLookupAnswer,
} from '../privacy'
import type { ProductCreated, ProductRemoved, ProductToggled } from '../product-form'
import type { AdminProduct } from '../products'
import type { BulkTagsAnswer, BulkTagsBody } from '../product-tags'
import type { AdminDeclineBody, AdminRefund, AdminRefundBody } from '../refunds'
import type { StampFallbacksAnswer } from '../stamping'
import { route } from '../api-route'

// The admin panel's reads and writes (all behind the admin session).
export const notifyUpdate = route<typeof NotifyUpdateAnswer, typeof NotifyUpdateBody>()(
  'POST',
  '/api/admin/products/:id/notify-update',
)
export const lightProducts = route<AdminProductLight[]>()('GET', '/api/admin/products-light')
export const products = route<AdminProduct[]>()('GET', '/api/admin/products')
/** 'Marcar selecionados': years, components and kind of many products in one write. */
export const tagProducts = route<typeof BulkTagsAnswer, BulkTagsBody>()(
  'POST',
  '/api/admin/products/tags',
)
export const toggleProduct = route<typeof ProductToggled, typeof ToggleBody>()(
  'PUT',
  '/api/admin/products-light/:id/toggle',
)
export const stampFallbacks = route<typeof StampFallbacksAnswer>()(
  'GET',
  '/api/admin/stamping/fallbacks',
)
export const analytics = route<typeof AdminAnalytics>()('GET', '/api/admin/analytics')
/** A page of orders, newest first (`?before=` the last id shown: contracts/admin.ts). */
export const orders = route<AdminOrder[]>()('GET', '/api/admin/orders')
/** The sales dashboard (`?from=&to=`, days in the store's time zone). */
export const salesAnalytics = route<typeof SalesAnalytics>()('GET', '/api/admin/analytics/sales')
/** Per ad platform: the last event the server sent, what waits, the failures. */
export const adsStatus = route<typeof AdsStatus>()('GET', '/api/admin/ads/status')
/** The period's orders as CSV for Excel pt-BR (`?from=&to=`): read raw. */
export const ordersCsv = route()('GET', '/api/admin/orders.csv')
export const orderStatus = route<typeof AdminOrder, typeof OrderStatusBody>()(
  'PUT',
  '/api/admin/orders/:id/status',
)
export const refundOrder = route<typeof AdminRefund, typeof AdminRefundBody>()(
  'POST',
  '/api/admin/orders/:id/refund',
)
export const refunds = route<AdminRefund[]>()('GET', '/api/admin/refunds')
export const declineRefund = route<typeof AdminRefund, typeof AdminDeclineBody>()(
  'POST',
  '/api/admin/refunds/:id/decline',
)
export const moneyReturned = route<typeof AdminRefund>()(
  'POST',
  '/api/admin/refunds/:id/money-returned',
)
export const contactRequests = route<AdminContactRequest[]>()('GET', '/api/admin/contact-requests')
export const invoices = route<AdminInvoice[]>()('GET', '/api/admin/invoices')
export const invoiceMonths = route<InvoiceMonth[]>()('GET', '/api/admin/invoices/months')
/** One month's authorised notas as CSV (a download link, `?month=AAAA-MM`). */
export const invoicesCsv = route<string>()('GET', '/api/admin/invoices.csv')
export const retryInvoice = route<AdminInvoice>()('POST', '/api/admin/invoices/:orderId/retry')
export const cancelInvoice = route<AdminInvoice>()('POST', '/api/admin/invoices/:orderId/cancel')
export const downloads = route<DownloadStat[]>()('GET', '/api/admin/downloads')
export const settings = route<AdminSetting[]>()('GET', '/api/admin/settings')
export const saveSetting = route<typeof AdminSetting, typeof SettingBody>()(
  'POST',
  '/api/admin/settings',
)
export const paymentMode = route<typeof AdminPaymentMode>()('GET', '/api/admin/payment-mode')
/** A page of users, newest first (`?before=` the last id shown: contracts/admin.ts). */
export const users = route<AdminUser[]>()('GET', '/api/admin/users')
export const userRole = route<typeof AdminUser, typeof UserRoleBody>()(
  'PUT',
  '/api/admin/users/:id/role',
)
export const whatsappConfig = route<typeof WhatsappConfig>()('GET', '/api/admin/whatsapp-config')
export const saveWhatsappConfig = route<typeof WhatsappConfig, typeof WhatsappConfigBody>()(
  'POST',
  '/api/admin/whatsapp-config',
)
export const whatsappStatus = route<typeof WhatsappStatus>()('GET', '/api/admin/whatsapp-status')
export const testWhatsapp = route<typeof TestWhatsappAnswer, typeof TestWhatsappBody>()(
  'POST',
  '/api/test-whatsapp',
)
export const canvaLinks = route<AdminCanvaLink[]>()('GET', '/api/admin/canva-links')
export const addCanvaLink = route<typeof AdminCanvaLink, typeof CanvaLinkBody>()(
  'POST',
  '/api/admin/canva-links',
)
export const emails = route<typeof AdminEmails>()('GET', '/api/admin/emails')
export const resendEmail = route<typeof ResendEmailAnswer>()('POST', '/api/admin/emails/:id/resend')
export const coupons = route<AdminCoupon[]>()('GET', '/api/admin/coupons')
export const createCoupon = route<typeof AdminCoupon, CouponInput>()('POST', '/api/admin/coupons')
export const updateCoupon = route<typeof AdminCoupon, CouponInput>()(
  'PUT',
  '/api/admin/coupons/:id',
)
export const deleteCoupon = route<{ deleted: boolean }>()('DELETE', '/api/admin/coupons/:id')
export const bumpStats = route<BumpStat[]>()('GET', '/api/admin/order-bumps')
export const recovery = route<typeof RecoveryReport>()('GET', '/api/admin/recovery')
/** Query: email. */
export const privacyLookup = route<typeof PrivacyLookupAnswer>()('GET', '/api/admin/privacy/lookup')
/** Query: email; saved as a file. */
export const privacyExport = route<typeof DataExport>()('GET', '/api/admin/privacy/export')
export const privacyAnonymize = route<typeof ErasureAnswer, typeof PrivacyEmailBody>()(
  'POST',
  '/api/admin/privacy/anonymize',
)
export const privacyAudit = route<PrivacyAuditEntry[]>()('GET', '/api/admin/privacy/audit')
/** The database and files as one archive: a link the browser saves. */
export const backup = route<Blob>()('GET', '/api/admin/backup')
/** The key the backups are signed with, asked only when the owner reveals it. */
export const backupKey = route<typeof BackupKeyAnswer>()('GET', '/api/admin/backup/key')
/** The scheduled backups kept, the schedule, a run now, and one copy to save. */
export const backups = route<typeof BackupList>()('GET', '/api/admin/backups')
export const backupStatus = route<typeof BackupStatus>()('GET', '/api/admin/backups/status')
export const runBackup = route<typeof BackupEntry>()('POST', '/api/admin/backups/run')
export const backupCopy = route<Blob>()('GET', '/api/admin/backups/:name')
/** Multipart (`key`, then `backup`): sent with sendWithProgress, not `call`. */
export const restoreBackup = route<typeof RestoreAnswer, FormData>()(
  'POST',
  '/api/admin/backup/restore',
)
/** 'Saúde da loja': each check ok or not, since when. */
export const health = route<typeof HealthAnswer>()('GET', '/api/admin/health')
// Product writes go by XMLHttpRequest (upload progress), addressed with `path()`.
export const createProduct = route<typeof ProductCreated, FormData>()('POST', '/api/products')
export const createProductBase64 = route<typeof ProductCreated>()('POST', '/api/products/base64')
export const createProductBase64Multiple = route<typeof ProductCreated>()(
  'POST',
  '/api/products/base64-multiple',
)
export const editProduct = route<unknown, FormData>()('PUT', '/api/products/:id')
export const editProductJson = route<unknown>()('PUT', '/api/products/:id/update-json')
export const deleteProduct = route<typeof ProductRemoved>()('DELETE', '/api/products/:id')
/** The diagnostics pages' upload probe (stores nothing). */
export const testUpload = route<typeof TestUploadAnswer, FormData>()('POST', '/api/test-upload')
