import {
  GUEST_FIELDS_MESSAGE,
  INVALID_LINK_MESSAGE,
  type DownloadAnswer,
  type GuestDownloadBody,
} from '../../../contracts/downloads.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import type { FileStorage } from '../../files/storage.js'
import type { OrdersService } from '../orders/orders.service.js'
import {
  isFreeNow,
  type DeliveryFile,
  type DeliveryProduct,
  type ProductsService,
} from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { StampingService } from '../stamping/stamping.service.js'
import { createAnswerBuilder } from './download-answer.js'
import { downloadAll } from './download-all.js'
import type { PurchasesService } from './purchases.service.js'
import { createLinkSigner } from './signed-link.js'

export interface Requester {
  ip: string
  /** Inline the main file as base64 (SPEC.md's older clients); ours asks with `?data=0`. */
  withData: boolean
}

const notFound = (message: string) => new AppError('not_found', message)

/** Downloads: free materials, the buyer's purchases spent one at a time, and signed links. */
export function createDownloadsService(deps: {
  storage: FileStorage
  settings: SettingsService
  limiter: RateLimiter
  products: Pick<ProductsService, 'delivery' | 'files'>
  purchases: PurchasesService
  orders: Pick<OrdersService, 'guestOrderIds' | 'orderIdsOfEmail'>
  /** A purchase's PDFs are delivered as its stamped copies. */
  stamping?: Pick<StampingService, 'deliver'>
  secret: string
  /** The clock links are signed and checked against; tests move it. */
  now?: () => number
}) {
  const { limiter, products, purchases } = deps
  // Read at each call, not captured: tests move the clock with fake timers.
  const now = deps.now ?? (() => Date.now())
  const signer = createLinkSigner(deps.secret)
  const answer = createAnswerBuilder({ ...deps, signer, now })

  async function productOf(id: number): Promise<DeliveryProduct> {
    const product = await products.delivery(id)
    if (!product) throw notFound('Produto não encontrado')
    return product
  }

  async function filesOf(product: DeliveryProduct): Promise<DeliveryFile[]> {
    const files = await products.files(product.id)
    if (files.length === 0 && !product.externalLink) {
      throw notFound('Arquivo indisponível para este material. Fale conosco pelo WhatsApp.')
    }
    return files
  }

  async function free(product: DeliveryProduct, req: Requester): Promise<DownloadAnswer> {
    await limiter.consume(RATE_LIMITS.freeDownload, req.ip)
    const files = await filesOf(product)
    await purchases.logFree(product.id, req.ip)
    return answer({ product, files, purchase: 'free', remaining: null, withData: req.withData })
  }

  async function fromPurchases(
    owner: { userId: string } | { orderIds: string[] },
    product: DeliveryProduct,
    req: Requester,
    none: string,
  ) {
    const files = await filesOf(product)
    const { purchaseId, remaining, linkExp } = await purchases.take({
      owner,
      productId: product.id,
      ip: req.ip,
      none,
      // A link is not a file download: logged, but the quota is left alone (decision 006).
      spend: files.length > 0,
      nowMs: now(),
    })
    return answer({
      product,
      files,
      purchase: purchaseId,
      remaining,
      exp: linkExp,
      withData: req.withData,
    })
  }

  return {
    /** GET /api/orders/{id}/download-all: the order's files as one ZIP (download-all.ts). */
    zipOf: downloadAll(deps).zipOf,

    /** Downloads ever granted, for /metrics. */
    granted: () => deps.purchases.downloadsGranted(),

    /** POST /api/user/download/{id}: a free material for anyone, else the account's purchase. */
    async forAccount(productId: number, userId: string | null, req: Requester) {
      const product = await productOf(productId)
      if (isFreeNow(product)) return free(product, req)
      if (!userId) throw new AppError('unauthorized', 'Faça login para baixar seus materiais')
      const none = 'Você não comprou este material com esta conta.'
      return fromPurchases({ userId }, product, req, none)
    },

    /**
     * POST /api/guest-download: the purchase of an order with this e-mail and WhatsApp, or,
     * without the WhatsApp, with this e-mail when `provenEmail` (the browser's guest access,
     * opened by a code or an e-mailed link) is that same e-mail.
     */
    async forGuest(
      body: GuestDownloadBody,
      req: Requester,
      provenEmail: string | null,
    ): Promise<DownloadAnswer> {
      await limiter.consume(RATE_LIMITS.guestDownload, req.ip)
      const product = await productOf(body.productId)
      let result: DownloadAnswer
      if (isFreeNow(product)) {
        result = await free(product, req)
      } else {
        let orderIds: string[]
        if (body.whatsapp) {
          orderIds = await deps.orders.guestOrderIds({ email: body.email, whatsapp: body.whatsapp })
        } else if (provenEmail === body.email) {
          orderIds = await deps.orders.orderIdsOfEmail(body.email)
        } else {
          throw new AppError('bad_request', GUEST_FIELDS_MESSAGE)
        }
        const none = body.whatsapp
          ? 'Nenhuma compra deste material foi encontrada com este email e WhatsApp.'
          : 'Nenhuma compra deste material foi encontrada com este email.'
        if (orderIds.length === 0) throw notFound(none)
        result = await fromPurchases({ orderIds }, product, req, none)
      }
      // Only failures count against the IP, as for logins: a buyer is never locked out.
      await limiter.refund(RATE_LIMITS.guestDownload, req.ip)
      return result
    },

    /**
     * The file a signed link names, checked again now: a refund stops a link already handed out.
     * Quota is not: within its window the link is reusable, so a broken download resumes free.
     */
    async openLink(token: string): Promise<DeliveryFile> {
      const claims = signer.verify(token, now())
      if (!claims) throw new AppError('forbidden', INVALID_LINK_MESSAGE)
      const granted =
        claims.purchase === 'free'
          ? isFreeNow(await products.delivery(claims.productId))
          : await purchases.assertStillActive(claims.purchase, claims.productId)
      if (!granted) throw new AppError('forbidden', INVALID_LINK_MESSAGE)
      const file = (await products.files(claims.productId))[claims.fileIndex]
      if (!file) throw notFound('Arquivo não encontrado')
      if (claims.purchase === 'free' || !deps.stamping) return file
      return deps.stamping.deliver({
        purchaseId: claims.purchase,
        productId: claims.productId,
        file,
      })
    },
  }
}

export type DownloadsService = ReturnType<typeof createDownloadsService>
