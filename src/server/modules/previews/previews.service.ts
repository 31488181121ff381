import { createHash } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AdminPreview, PreviewImage, PreviewStatus } from '../../../contracts/previews.js'
import { storeNameOf } from '../../../contracts/store-name.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../files/storage.js'
import { runCapped } from '../../lib/capped-worker.js'
import type { PreviewSource, ProductsService } from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { BACKGROUND_LIMIT_MS } from '../stamping/stamping.service.js'
import { PREVIEW_REASONS, type PreviewReason } from './preview-reasons.js'
import {
  claimDue,
  forget,
  holdClaimWhile,
  markFailed,
  markReady,
  MAX_ATTEMPTS,
  queue,
  requeue,
  retryLater,
  type PreviewRow,
} from './preview-rows.js'
import type { PreviewReply, PreviewRequest } from './preview-worker.js'
import { productPreviews, type StoredPreviewPage } from './previews.tables.js'

/** Where a page's image is served; its name is its key's, a hash of its bytes in it. */
export const previewUrl = (key: string) => `/api/${key}`
const keyOf = (productId: number, name: string) => `previews/${productId}/${name}`

/** A PDF is drawn, and a ZIP's first PDF (read inside the capped thread, a bomb with it). */
const isDrawable = (main: NonNullable<PreviewSource['main']>) => {
  const name = main.fileName.toLowerCase()
  return (
    ['application/pdf', 'application/zip', 'application/x-zip-compressed'].includes(
      main.mimeType,
    ) ||
    name.endsWith('.pdf') ||
    name.endsWith('.zip')
  )
}

const toImages = (images: StoredPreviewPage[]): PreviewImage[] =>
  images.map((i) => ({ page: i.page, url: previewUrl(i.key), width: i.width, height: i.height }))

/**
 * 'Veja por dentro' (decision 036): the chosen pages of each product's main PDF drawn as
 * marked WebP images, in the background (previews-job.ts), once per file and choice of pages.
 * A write never waits for it; a failure is kept with its reason until the owner retries.
 */
export function createPreviewsService(deps: {
  db: Db
  storage: FileStorage
  config: Pick<Config, 'stampMaxBytes' | 'stampMaxMemoryMb'>
  log: FastifyBaseLogger
  products: Pick<ProductsService, 'previewSources' | 'previewChanged'>
  settings: Pick<SettingsService, 'all'>
  /** The thread's time limit; the stamping's by default. */
  timeoutMs?: number
}) {
  const { db, storage, config, log } = deps
  /** Set by the job when it starts: a queued preview wakes it instead of waiting for a tick. */
  let wake: (() => void) | null = null

  async function removeImages(images: StoredPreviewPage[]) {
    for (const image of images) {
      await storage.remove(image.key).catch((err: unknown) => log.warn({ err }, 'preview image'))
    }
  }

  /** The products' rows brought in line with their files and chosen pages. */
  async function sync(ids?: number[]): Promise<number> {
    const sources = await deps.products.previewSources(ids)
    let queued = 0
    for (const source of sources) {
      if (source.main && isDrawable(source.main)) {
        if (await queue(db, source.id, source.main.storageKey, source.previewPages)) queued += 1
      } else {
        await removeImages(await forget(db, source.id))
      }
    }
    if (queued) wake?.()
    return queued
  }

  /** Draws one claimed row; its outcome is written unless the row was queued again meanwhile. */
  async function draw(row: PreviewRow): Promise<void> {
    const fail = async (reason: PreviewReason, detail?: string) => {
      log.warn({ productId: row.productId, reason, detail }, 'preview failed')
      if (await markFailed(db, row, PREVIEW_REASONS[reason])) {
        await deps.products.previewChanged(row.productId)
      }
    }
    const size = await storage.size(row.sourceKey)
    if (size === null) return fail('missing')
    if (size > config.stampMaxBytes) return fail('too_large', `${size} bytes`)
    const bytes = await buffer(storage.read(row.sourceKey))
    const own = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    const storeName = storeNameOf(await deps.settings.all())
    const started = Date.now()
    const outcome = await runCapped<PreviewRequest, PreviewReply>({
      from: import.meta.url,
      file: 'preview-worker',
      request: {
        bytes: own as ArrayBuffer,
        pages: row.pages,
        storeName,
        maxBytes: config.stampMaxBytes,
      },
      transfer: [own as ArrayBuffer],
      memoryMb: config.stampMaxMemoryMb,
      timeoutMs: deps.timeoutMs ?? BACKGROUND_LIMIT_MS,
    })
    if (outcome.kind === 'timeout') return fail('timeout')
    if (outcome.kind === 'too_heavy') return fail('too_heavy', outcome.detail)
    if (outcome.kind === 'error') throw new Error(outcome.message)
    const reply = outcome.reply
    if (reply.kind === 'refused') return fail(reply.reason)
    if (reply.kind === 'error') return fail('unreadable', reply.message)
    const images: StoredPreviewPage[] = []
    for (const page of reply.pages) {
      const body = Buffer.from(page.bytes)
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 32)
      const key = keyOf(row.productId, `${hash}-${page.page}.webp`)
      await storage.put(key, body)
      images.push({ page: page.page, key, width: page.width, height: page.height })
    }
    const replaced = await markReady(db, row, images, reply.pageCount)
    if (!replaced) return removeImages(images)
    await removeImages(replaced)
    log.info(
      { productId: row.productId, pages: images.length, ms: Date.now() - started },
      'preview ready',
    )
    await deps.products.previewChanged(row.productId)
  }

  async function attempt(row: PreviewRow) {
    try {
      await holdClaimWhile(
        db,
        row,
        () => draw(row),
        (err) => log.warn({ err }, 'preview claim not renewed'),
      )
    } catch (error) {
      log.error({ err: error, productId: row.productId }, 'preview attempt failed')
      if (row.attempts >= MAX_ATTEMPTS) {
        if (await markFailed(db, row, PREVIEW_REASONS.unreadable)) {
          await deps.products.previewChanged(row.productId)
        }
      } else await retryLater(db, row)
    }
  }

  function statusOf(row: Pick<PreviewRow, 'status'> | undefined): PreviewStatus {
    return row ? row.status : 'none'
  }

  return {
    sync,

    /**
     * Inside a product's write that stored a main file or chose other pages: its row is
     * queued in the same transaction (a read right after the answer says 'pending').
     */
    async queueWithin(tx: Db, productId: number): Promise<void> {
      const [source] = await deps.products.previewSources([productId], tx)
      if (source?.main && isDrawable(source.main)) {
        await queue(tx, productId, source.main.storageKey, source.previewPages)
      }
    },

    /** After a write: the worker looks now rather than at its next tick. */
    wake: () => wake?.(),

    /** Draws the due previews one at a time (each in its own capped thread); answers how many. */
    async drawDue(): Promise<number> {
      let done = 0
      for (;;) {
        const [row] = await claimDue(db, 1)
        if (!row) return done
        await attempt(row)
        done += 1
      }
    },

    /** The job's hook: called when a preview is queued here. */
    onQueued(run: () => void) {
      wake = run
    },

    /**
     * The previews of `ids` for the catalogue: only products with a row (a PDF); the others
     * keep what their own view says (a Canva material's gallery, or none).
     */
    async publicOf(
      ids: number[],
    ): Promise<Map<number, { status: PreviewStatus; previews: PreviewImage[] }>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({
          productId: productPreviews.productId,
          status: productPreviews.status,
          images: productPreviews.images,
        })
        .from(productPreviews)
        .where(inArray(productPreviews.productId, ids))
      return new Map(
        rows.map((r) => [
          r.productId,
          { status: r.status, previews: r.status === 'ready' ? toImages(r.images) : [] },
        ]),
      )
    },

    /** What the product form shows under 'Prévia das páginas'. */
    async adminView(productId: number): Promise<AdminPreview> {
      const [source] = await deps.products.previewSources([productId])
      if (!source) throw new AppError('not_found', 'Produto não encontrado')
      const [row] = await db
        .select()
        .from(productPreviews)
        .where(eq(productPreviews.productId, productId))
      return {
        status: statusOf(row),
        reason: row?.status === 'failed' ? row.reason : null,
        previewPages: source.previewPages,
        previews: row?.status === 'ready' ? toImages(row.images) : [],
      }
    },

    /** 'Tentar de novo': a failed preview is queued again (or made, if it never was). */
    async retry(productId: number): Promise<AdminPreview> {
      if (await requeue(db, productId)) {
        wake?.()
        await deps.products.previewChanged(productId)
      } else await sync([productId])
      return this.adminView(productId)
    },

    /**
     * One page's image, if a ready preview shows it: an old version's images, or pages no
     * longer chosen, are not served even while their files are being removed.
     */
    async image(
      productId: number,
      name: string,
    ): Promise<{ open: () => NodeJS.ReadableStream; length: number; etag: string }> {
      const key = keyOf(productId, name)
      const [row] = await db
        .select({ id: productPreviews.id })
        .from(productPreviews)
        .where(
          and(
            eq(productPreviews.productId, productId),
            eq(productPreviews.status, 'ready'),
            sql`${productPreviews.images} @> ${JSON.stringify([{ key }])}::jsonb`,
          ),
        )
      const length = row ? await storage.size(key) : null
      if (length === null) throw new AppError('not_found', 'Prévia não encontrada')
      return { open: () => storage.read(key), length, etag: `"${name.split('-')[0]}"` }
    },
  }
}

export type PreviewsService = ReturnType<typeof createPreviewsService>
