import type { BodyOf } from '../../../contracts/api-route'
import * as accountRoutes from '../../../contracts/api-routes/account.routes'
import type { DownloadAnswer } from '../../../contracts/downloads'
import { call } from '../../lib/api'

/** One download: of the logged-in (or free) buyer, or of a guest by e-mail and WhatsApp. */
export interface DownloadRequest {
  productId: number
  /** A guest's credentials; without the WhatsApp (code or link access) the server reads its cookie. */
  guest?: BodyOf<typeof accountRoutes.guestDownload>
}

/** Phones and tablets, iPadOS included (it calls itself a Mac but has a touch screen). */
export function isMobileDevice(): boolean {
  const ua = navigator.userAgent
  return (
    /Android|iPhone|iPad|iPod|Mobile/i.test(ua) ||
    (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
  )
}

function clickLink(href: string, attrs: { download?: string; newTab?: boolean }) {
  const link = document.createElement('a')
  link.href = href
  if (attrs.download !== undefined) link.download = attrs.download
  if (attrs.newTab) link.target = '_blank'
  link.rel = 'noopener noreferrer'
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * Hands a signed link to the browser's own downloader, which streams it to disk (and can
 * resume it) instead of holding the file in the page's memory. Phones open it in a new window
 * (SPEC.md section 7): mobile browsers handle an attachment there and leave the store's page be.
 */
export function saveLink(url: string, fileName?: string): void {
  if (isMobileDevice()) {
    const opened = window.open(url, '_blank')
    if (opened) {
      opened.opener = null
      return
    }
    // A blocked pop-up: the plain link below still saves the file.
  }
  clickLink(url, { download: fileName ?? '' })
}

/** A material delivered as a Canva (or other) link opens in a new tab. */
export function openExternal(url: string): void {
  clickLink(url, { newTab: true })
}

/**
 * Asks the server for one download (POST, which spends one of the purchase's downloads), then
 * starts it. `data=0`: this client follows the link, so the base64 copy meant for older
 * clients is not sent. Answers what the server granted; a refusal throws its message.
 */
export async function requestDownload({
  productId,
  guest,
}: DownloadRequest): Promise<DownloadAnswer> {
  const query = { data: 0 }
  const answer = guest
    ? await call(accountRoutes.guestDownload, { body: guest, query })
    : await call(accountRoutes.download, { params: { productId }, query })
  if (!answer?.success) throw new Error(answer?.message || 'Não foi possível baixar o arquivo...')
  if (answer.files.length === 0 && answer.externalLink) openExternal(answer.externalLink)
  else saveLink(answer.downloadUrl, answer.fileName)
  return answer
}
