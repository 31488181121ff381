import { eq, inArray, type SQL } from 'drizzle-orm'
import {
  INVALID_LINK_MESSAGE,
  type DownloadAnswer,
  type GuestCredentials,
  type GuestDownloadBody,
} from '../../../contracts/downloads.js'
import type { Db } from '../../db/client.js'
import { purchases } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import type { CustomerService } from '../customer/customer.service.js'
import type { FileStorage } from '../files/storage.js'
import type { SettingsService } from '../settings/settings.service.js'
import {
  createAnswerBuilder,
  isFreeNow,
  productFileRows,
  productRow,
  type FileRow,
  type ProductRow,
} from './download-answer.js'
import { findGuestPurchases, guestOrderIds } from './guest-orders.js'
import { assertStillActive, logDownload, takeDownload } from './purchase-quota.js'
import { createLinkSigner } from './signed-link.js'

export interface Requester {
  ip: string
  /** Inline the main file as base64 (SPEC.md's older clients); ours asks with `?data=0`. */
  withData: boolean
}

const notFound = (message: string) => new AppError('not_found', message)

export function createDownloadsService(deps: {
  db: Db
  storage: FileStorage
  settings: SettingsService
  limiter: RateLimiter
  customer: CustomerService
  secret: string
  /** The clock links are signed and checked against; tests move it. */
  now?: () => number
}) {
  const { db, limiter } = deps
  const now = deps.now ?? Date.now
  const signer = createLinkSigner(deps.secret)
  const answer = createAnswerBuilder({ ...deps, signer, now })

  async function productOf(id: number): Promise<ProductRow> {
    const product = await productRow(db, id)
    if (!product) throw notFound('Produto não encontrado')
    return product
  }

  async function filesOf(product: ProductRow): Promise<FileRow[]> {
    const files = await productFileRows(db, product.id)
    if (files.length === 0 && !product.externalLink) {
      throw notFound('Arquivo indisponível para este material. Fale conosco pelo WhatsApp.')
    }
    return files
  }

  async function free(product: ProductRow, req: Requester): Promise<DownloadAnswer> {
    await limiter.consume(RATE_LIMITS.freeDownload, req.ip)
    const files = await filesOf(product)
    await logDownload(db, null, product.id, req.ip)
    return answer({ product, files, purchase: 'free', remaining: null, withData: req.withData })
  }

  async function fromPurchases(owner: SQL, product: ProductRow, req: Requester, none: string) {
    const files = await filesOf(product)
    const { purchaseId, remaining } = await takeDownload(db, {
      owner,
      productId: product.id,
      ip: req.ip,
      none,
      // A link is not a file download: logged, but the quota is left alone (decision 006).
      spend: files.length > 0,
    })
    return answer({ product, files, purchase: purchaseId, remaining, withData: req.withData })
  }

  return {
    /** POST /api/user/download/{id}: a free material for anyone, else the account's purchase. */
    async forAccount(productId: number, userId: string | null, req: Requester) {
      const product = await productOf(productId)
      if (isFreeNow(product)) return free(product, req)
      if (!userId) throw new AppError('unauthorized', 'Faça login para baixar seus materiais')
      const none = 'Você não comprou este material com esta conta.'
      return fromPurchases(eq(purchases.userId, userId), product, req, none)
    },

    /** POST /api/guest-download: the purchase of an order with this e-mail and WhatsApp. */
    async forGuest(body: GuestDownloadBody, req: Requester): Promise<DownloadAnswer> {
      await limiter.consume(RATE_LIMITS.guestDownload, req.ip)
      const product = await productOf(body.productId)
      let result: DownloadAnswer
      if (isFreeNow(product)) {
        result = await free(product, req)
      } else {
        const orderIds = await guestOrderIds(db, body)
        const none = 'Nenhuma compra deste material foi encontrada com este email e WhatsApp.'
        if (orderIds.length === 0) throw notFound(none)
        result = await fromPurchases(inArray(purchases.orderId, orderIds), product, req, none)
      }
      // Only failures count against the IP, as for logins: a buyer is never locked out.
      await limiter.refund(RATE_LIMITS.guestDownload, req.ip)
      return result
    },

    async guestPurchases(credentials: GuestCredentials, ip: string) {
      await limiter.consume(RATE_LIMITS.guestLookup, ip)
      const found = await findGuestPurchases(db, deps.customer, credentials)
      if (found.success) await limiter.refund(RATE_LIMITS.guestLookup, ip)
      return found
    },

    /**
     * The file a signed link names, checked again now: a refund stops a link already handed out.
     * Quota is not: within its window the link is reusable, so a broken download resumes free.
     */
    async openLink(token: string): Promise<FileRow> {
      const claims = signer.verify(token, now())
      if (!claims) throw new AppError('forbidden', INVALID_LINK_MESSAGE)
      const granted =
        claims.purchase === 'free'
          ? isFreeNow(await productRow(db, claims.productId))
          : await assertStillActive(db, claims.purchase, claims.productId)
      if (!granted) throw new AppError('forbidden', INVALID_LINK_MESSAGE)
      const file = (await productFileRows(db, claims.productId))[claims.fileIndex]
      if (!file) throw notFound('Arquivo não encontrado')
      return file
    },
  }
}

export type DownloadsService = ReturnType<typeof createDownloadsService>
