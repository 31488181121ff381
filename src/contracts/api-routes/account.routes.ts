import type { RegisterAnswer } from '../accounts'
import type { CanvaLinkView, CustomerOrder, CustomerPurchase } from '../customer'
import type {
  DownloadAnswer,
  GuestDownloadBody,
  GuestCredentials,
  GuestPurchasesAnswer,
} from '../downloads'
import type {
  GuestAccessAnswer,
  GuestCodeAnswer,
  GuestCodeBody,
  GuestLinkBody,
  GuestPaymentLinkAnswer,
  GuestPaymentLinkBody,
  GuestSessionAnswer,
  GuestVerifyBody,
} from '../guest-access'
import type { CanvaOpenAnswer, CanvaOpenBody } from '../messaging'
import type { DataExport, DeleteAccountBody, ErasureAnswer, ProfileBody } from '../privacy'
import type { RefundRequestAnswer, RefundRequestBody } from '../refunds'
import type { SkillsReportAnswer } from '../skills-report'
import { route } from '../api-route'

// A buyer's own things: purchases, orders, data, downloads; guests by e-mail and WhatsApp.
export const purchases = route<CustomerPurchase[]>()('GET', '/api/user/purchases')
export const orders = route<CustomerOrder[]>()('GET', '/api/user/orders')
export const canvaLinks = route<CanvaLinkView[]>()('GET', '/api/canva-links')
export const openCanvaLink = route<typeof CanvaOpenAnswer, typeof CanvaOpenBody>()(
  'POST',
  '/api/canva-links/:id/open',
)
export const profile = route<typeof RegisterAnswer, typeof ProfileBody>()(
  'PUT',
  '/api/user/profile',
)
export const dataExport = route<typeof DataExport>()('GET', '/api/user/data-export')
export const deleteAccount = route<typeof ErasureAnswer, typeof DeleteAccountBody>()(
  'POST',
  '/api/user/delete-account',
)
export const refundRequest = route<typeof RefundRequestAnswer, typeof RefundRequestBody>()(
  'POST',
  '/api/orders/:id/refund-request',
)
/** Query: data=0 (this client follows the link). */
export const download = route<typeof DownloadAnswer>()('POST', '/api/user/download/:productId')
/** 'Baixar tudo (ZIP)': one ZIP of an order's files, a plain link the browser saves. */
export const downloadAll = route()('GET', '/api/orders/:id/download-all')
export const guestDownload = route<typeof DownloadAnswer, typeof GuestDownloadBody>()(
  'POST',
  '/api/guest-download',
)
export const guestPurchases = route<typeof GuestPurchasesAnswer, typeof GuestCredentials>()(
  'POST',
  '/api/guest-purchases',
)
export const guestCode = route<typeof GuestCodeAnswer, typeof GuestCodeBody>()(
  'POST',
  '/api/guest-access/code',
)
export const guestVerify = route<typeof GuestAccessAnswer, typeof GuestVerifyBody>()(
  'POST',
  '/api/guest-access/verify',
)
export const guestLink = route<typeof GuestAccessAnswer, typeof GuestLinkBody>()(
  'POST',
  '/api/guest-access/link',
)
export const guestSession = route<typeof GuestSessionAnswer>()('GET', '/api/guest-access/session')
// A WhatsApp reminder's payment token: that order's payment page only.
export const guestPaymentLink = route<typeof GuestPaymentLinkAnswer, typeof GuestPaymentLinkBody>()(
  'POST',
  '/api/guest-access/payment-link',
)
// 'Relatório de habilidades': the BNCC skills her materials teach, for an account or a guest's
// open access; the PDF is the same report to print (a file, no JSON).
export const skills = route<typeof SkillsReportAnswer>()('GET', '/api/user/skills')
export const skillsPdf = route()('GET', '/api/user/skills.pdf')
