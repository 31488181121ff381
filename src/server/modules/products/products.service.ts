import type { EventRaiser } from '../../kernel/events.js'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  bumpPriceMessage,
  compareAtMessage,
  PRODUCT_MESSAGES,
  UPLOAD_LIMITS,
  type NewProduct,
  type ProductChanges,
} from '../../../contracts/product-form.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import {
  productBumps,
  productBundleItems,
  productFiles,
  productImages,
  products,
} from './products.tables.js'
import { ERROR_FIELD_HEADER } from '../../../contracts/error-field.js'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../files/storage.js'
import { deleteGroup, journalEntryFor, planUpload, storePlan } from './product-files.js'
import { StagedUpload } from './staged-upload.js'
import { tagMany } from './product-bulk-tags.js'
import type { BulkTags } from '../../../contracts/product-tags.js'
import { ownerGivesPages, pagesToWrite, readPageCount, type HeldPages } from './pdf-pages.js'
import { createProductReads } from './product-reads.js'
import type { UploadJournal } from './upload-journal.service.js'
import type { BnccService } from '../bncc/bncc.service.js'
import {
  TAG_MESSAGES,
  withImplied,
  type AnoId,
  type ComponenteId,
} from '../../../contracts/school.js'

export { isFreeNow } from './product-reads.js'
export type { DeliveryFile, DeliveryProduct, ImageRecord, ProductSummary } from './product-reads.js'

/** A product's main file and chosen pages, as the previews module draws them. */
export interface PreviewSource {
  id: number
  previewPages: number[]
  main: { storageKey: string; fileName: string; mimeType: string; sizeBytes: number } | null
}

/** A page count taking longer than this is given up: the upload has waited enough. */
const PAGE_COUNT_TIMEOUT_MS = 15_000

const notFound = () => new AppError('not_found', 'Produto não encontrado')

/**
 * The products module: it alone writes the product tables, and answers every read of them
 * (product-reads.ts). Files are stored first, then the product and its image and file rows go
 * in with one transaction; the upload journal removes whatever a failed or interrupted write
 * left in storage, and whatever an edit or delete no longer uses.
 */
export function createProductsService(deps: {
  db: Db
  storage: FileStorage
  config: Config
  journal: UploadJournal
  /** Whether any order holds the product (the orders module knows; a sold product is kept). */
  hasSales: (productId: number) => Promise<boolean>
  /** The BNCC's list: codes are checked against it, and imply years and components. */
  bncc: Pick<BnccService, 'unknownCode' | 'impliedBy'>
  /**
   * `product.changed` is raised here after every committed write; `product.main_file_changed`
   * inside the write that stores a main file or chooses other preview pages.
   */
  events: Pick<EventRaiser, 'committed' | 'within'>
}) {
  const { db, storage, config, journal, hasSales, bncc } = deps

  /**
   * The tags as written: every code must be the BNCC's (a 400 names the first that is not), and
   * the years and components its codes imply join those given (or held, on an edit).
   */
  function schoolTags(
    sent: Pick<ProductChanges, 'bncc' | 'anos' | 'componentes'>,
    held: { anos: string[]; componentes: string[] } = { anos: [], componentes: [] },
  ): Pick<ProductChanges, 'bncc' | 'anos' | 'componentes'> {
    if (sent.bncc === undefined) return sent
    const unknown = bncc.unknownCode(sent.bncc)
    if (unknown) {
      throw new AppError('bad_request', TAG_MESSAGES.bnccFormat(unknown), {
        [ERROR_FIELD_HEADER]: 'bncc',
      })
    }
    const kept = {
      anos: sent.anos ?? (held.anos as AnoId[]),
      componentes: sent.componentes ?? (held.componentes as ComponenteId[]),
    }
    return { bncc: sent.bncc, ...withImplied(kept, bncc.impliedBy(sent.bncc)) }
  }
  /**
   * The pages to write: the owner's number when she gave one, else the count read from the
   * upload's main file when it is a PDF (in a thread of its own; a file that does not parse
   * leaves the pages as they were and the upload goes on).
   */
  async function pagesOf(
    sent: number | null | undefined,
    held: HeldPages | null,
    staged?: StagedUpload,
  ) {
    const main = staged?.of('main')[0]
    if (ownerGivesPages(sent, held) || main?.ext !== 'pdf')
      return pagesToWrite(sent, held, undefined)
    const read = await readPageCount(main.path, main.size, {
      maxBytes: config.stampMaxBytes,
      memoryMb: Math.min(256, config.stampMaxMemoryMb),
      timeoutMs: PAGE_COUNT_TIMEOUT_MS,
    })
    return pagesToWrite(sent, held, read)
  }

  /** After a write: the products it changed, when known (the catalogue re-reads only those). */
  const onChange = (productIds?: number[]) => {
    void deps.events.committed('product.changed', { productIds })
  }

  /**
   * A kit's contents: products that exist, never the kit itself, never another kit, and a
   * product some kit includes cannot become one (no nesting). Checked before any write (files
   * are not stored for a refused kit), and again in the write's transaction (`lockedBundle`).
   */
  async function checkBundle(kitId: number | null, ids: number[] | undefined, q: Db = db) {
    if (!ids?.length) return
    if (kitId !== null && ids.includes(kitId)) {
      throw new AppError('bad_request', PRODUCT_MESSAGES.bundleSelf)
    }
    const found = await q
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), isNull(products.deletedAt)))
    if (found.length !== ids.length)
      throw new AppError('bad_request', PRODUCT_MESSAGES.bundleMissing)
    const [nested] = await q
      .select({ id: productBundleItems.bundleId })
      .from(productBundleItems)
      .where(inArray(productBundleItems.bundleId, ids))
      .limit(1)
    if (nested) throw new AppError('bad_request', PRODUCT_MESSAGES.bundleNested)
    if (kitId !== null) {
      const [included] = await q
        .select({ id: productBundleItems.bundleId })
        .from(productBundleItems)
        .where(eq(productBundleItems.productId, kitId))
        .limit(1)
      if (included) throw new AppError('bad_request', PRODUCT_MESSAGES.bundleIncluded)
    }
  }

  /**
   * The kit check again inside the write's transaction, with the kit's row and its items' rows
   * locked (in id order, so two writers never wait on each other crosswise). Two edits at once
   * ("3 contains 5" and "5 contains 3") each passed the check made before the write; now the
   * second waits for the first and then sees its items.
   */
  async function lockedBundle(tx: Db, kitId: number | null, ids: number[] | undefined) {
    if (!ids?.length) return
    const rows = kitId === null ? ids : [kitId, ...ids]
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, rows))
      .orderBy(asc(products.id))
      .for('update')
    await checkBundle(kitId, ids, tx)
  }

  type Bumps = ProductChanges['orderBumps']

  /**
   * Order bumps, checked before any write: other products that exist, each offered below its
   * own price (an 'offer' at the full price or more is no offer).
   */
  async function checkBumps(productId: number | null, bumps: Bumps) {
    if (!bumps?.length) return
    const ids = bumps.map((b) => b.productId)
    if (productId !== null && ids.includes(productId)) {
      throw new AppError('bad_request', PRODUCT_MESSAGES.bumpSelf)
    }
    const found = await db
      .select({ id: products.id, name: products.name, priceCents: products.priceCents })
      .from(products)
      .where(and(inArray(products.id, ids), isNull(products.deletedAt)))
    if (found.length !== ids.length) throw new AppError('bad_request', PRODUCT_MESSAGES.bumpMissing)
    for (const bump of bumps) {
      const offered = found.find((p) => p.id === bump.productId)!
      if (bump.offerCents >= offered.priceCents) {
        throw new AppError('bad_request', bumpPriceMessage(offered.name, offered.priceCents), {
          [ERROR_FIELD_HEADER]: 'orderBumps',
        })
      }
    }
  }

  /** Replaces a product's order bumps inside the product's write. */
  async function writeBumps(tx: Db, productId: number, bumps: Bumps) {
    if (bumps === undefined) return
    await tx.delete(productBumps).where(eq(productBumps.productId, productId))
    if (bumps.length) {
      await tx.insert(productBumps).values(
        bumps.map((b, position) => ({
          productId,
          bumpProductId: b.productId,
          offerCents: b.offerCents,
          position,
        })),
      )
    }
  }

  /** Replaces a kit's contents inside the product's write. */
  async function writeBundle(tx: Db, kitId: number, ids: number[] | undefined) {
    if (ids === undefined) return
    await tx.delete(productBundleItems).where(eq(productBundleItems.bundleId, kitId))
    if (ids.length) {
      await tx
        .insert(productBundleItems)
        .values(ids.map((productId, position) => ({ bundleId: kitId, productId, position })))
    }
  }

  return {
    ...createProductReads(db),

    /** A new temporary folder for one upload (`edit`: 5 extra images at most, not 10). */
    stage: (mode: 'create' | 'edit') =>
      StagedUpload.open(config.tmpDir, {
        maxBytes: config.maxUploadBytes,
        extraImages:
          mode === 'create'
            ? UPLOAD_LIMITS.additionalImagesOnCreate
            : UPLOAD_LIMITS.additionalImagesOnEdit,
      }),

    async create(
      { bundleProductIds, orderBumps, ...product }: NewProduct,
      staged: StagedUpload,
    ): Promise<{ id: number; name: string }> {
      // A kit delivers its products' files: it needs a cover, not a file of its own.
      const isKit = bundleProductIds.length > 0
      if (!staged.has('cover') || (!staged.has('main') && !product.externalLink && !isKit)) {
        throw new AppError('bad_request', PRODUCT_MESSAGES.files)
      }
      Object.assign(product, schoolTags(product))
      await checkBundle(null, bundleProductIds)
      await checkBumps(null, orderBumps)
      const pages = await pagesOf(product.paginas, null, staged)
      const plan = planUpload(staged)
      const created = await journal.run(await journalEntryFor(db, plan), async () => {
        const stored = await storePlan(storage, plan)
        return db.transaction(async (tx) => {
          await lockedBundle(tx, null, bundleProductIds)
          const [row] = await tx
            .insert(products)
            .values({ ...product, ...pages })
            .returning()
          const productId = row!.id
          await writeBundle(tx, productId, bundleProductIds)
          await writeBumps(tx, productId, orderBumps)
          await tx.insert(productImages).values(stored.images.map((i) => ({ ...i, productId })))
          if (stored.files.length) {
            await tx.insert(productFiles).values(stored.files.map((f) => ({ ...f, productId })))
            await deps.events.within('product.main_file_changed', tx, { productId })
          }
          return { id: productId, name: row!.name }
        })
      })
      onChange([created.id])
      return created
    },

    /** Text changes, and each group of files sent replaces that group (see decision 008). */
    async update(
      id: number,
      { bundleProductIds, orderBumps, ...changes }: ProductChanges,
      staged?: StagedUpload,
    ): Promise<void> {
      const [current] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
      if (!current) throw notFound()
      Object.assign(changes, schoolTags(changes, current))
      await checkBundle(id, bundleProductIds)
      await checkBumps(id, orderBumps)
      // A price sent without isFree makes a free product a paid one; 0.00 keeps it as it was.
      const isFree = changes.isFree ?? (changes.priceCents === 0 ? current.isFree : false)
      const priceCents = isFree ? 0 : changes.priceCents
      // A 'de' price left as it was must still be above the new price.
      const kept = changes.compareAtCents === undefined ? current.compareAtCents : null
      const compareAtCents = isFree ? null : (changes.compareAtCents ?? kept)
      if (compareAtCents !== null && compareAtCents <= priceCents) {
        throw new AppError('bad_request', compareAtMessage(priceCents), {
          [ERROR_FIELD_HEADER]: 'compareAtPrice',
        })
      }
      const pages = await pagesOf(changes.paginas, current, staged)
      const values = { ...changes, ...pages, isFree, priceCents, compareAtCents }
      const plan = staged ? planUpload(staged) : null
      const write = async () => {
        const stored = plan ? await storePlan(storage, plan) : { images: [], files: [] }
        await db.transaction(async (tx) => {
          await lockedBundle(tx, id, bundleProductIds)
          await tx
            .update(products)
            .set({ ...values, updatedAt: sql`now()` })
            .where(and(eq(products.id, id), isNull(products.deletedAt)))
          await writeBundle(tx, id, bundleProductIds)
          await writeBumps(tx, id, orderBumps)
          for (const group of plan?.groups ?? []) await deleteGroup(tx, id, group)
          if (stored.images.length) {
            await tx
              .insert(productImages)
              .values(stored.images.map((i) => ({ ...i, productId: id })))
          }
          if (stored.files.length) {
            await tx.insert(productFiles).values(stored.files.map((f) => ({ ...f, productId: id })))
          }
          // The preview's row is queued with the write: a read right after it says 'pending'.
          if (plan?.groups.has('main') || changes.previewPages !== undefined) {
            await deps.events.within('product.main_file_changed', tx, { productId: id })
          }
        })
      }
      if (plan?.groups.size) await journal.run(await journalEntryFor(db, plan, id), write)
      else await write()
      onChange([id])
    },

    /**
     * A product anyone ordered is hidden (deleted_at) and keeps its files for the buyers; one
     * nobody ordered is removed with its files.
     */
    async remove(id: number): Promise<{ id: number; removed: 'hidden' | 'deleted' }> {
      const [current] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
      if (!current) throw notFound()
      // Every stored object of the product: kept if the product stays, removed if it goes.
      const everything = await journalEntryFor(
        db,
        { images: [], files: [], groups: new Set(['cover', 'images', 'main', 'files']) },
        id,
      )
      // Order lines keep product ids for history and purchases: such a product stays.
      const sold = await hasSales(id)
      const removed = await journal.run(everything, async () => {
        if (sold) {
          await db
            .update(products)
            .set({ deletedAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
            .where(eq(products.id, id))
          return 'hidden' as const
        }
        await db.delete(products).where(eq(products.id, id))
        return 'deleted' as const
      })
      onChange([id])
      return { id, removed }
    },

    /**
     * Makes a link the product's delivery (the Canva tab): its later buyers get it when they
     * pay. `tx` lets the caller grant it to earlier buyers in the same transaction.
     */
    async setCanvaDelivery(
      tx: Db,
      productId: number,
      delivery: { externalLink: string; canvaTemplateId: string | null },
    ): Promise<boolean> {
      const [row] = await tx
        .update(products)
        .set({ ...delivery, updatedAt: sql`now()` })
        .where(and(eq(products.id, productId), isNull(products.deletedAt)))
        .returning({ id: products.id })
      return row !== undefined
    },

    /** Whether any product seeded as the demo is still on sale (the checklist's `demo`). */
    async hasActiveDemo(): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.isDemo, true), eq(products.isActive, true), isNull(products.deletedAt)),
        )
        .limit(1)
      return row !== undefined
    },

    /**
     * The demo catalogue leaves: `first` runs in the same transaction before (the
     * orders module drops the demo's orders there and answers which demo products real orders
     * still hold); those are deactivated and kept for their buyers, the rest deleted with their
     * rows. Their stored files (disk or S3) go through the upload journal once the database
     * says nobody uses them, even if the process dies between the two.
     */
    async removeDemo<T>(
      first: (tx: Db, productIds: number[]) => Promise<{ result: T; sold: number[] }>,
    ): Promise<{ result: T; deleted: number; deactivated: number }> {
      const demo = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isDemo, true))
      const ids = demo.map((p) => p.id)
      const everything = { files: [] as string[], images: [] as string[] }
      for (const id of ids) {
        const entry = await journalEntryFor(
          db,
          { images: [], files: [], groups: new Set(['cover', 'images', 'main', 'files']) },
          id,
        )
        everything.files.push(...entry.files)
        everything.images.push(...entry.images)
      }
      const outcome = await journal.run(everything, () =>
        db.transaction(async (tx) => {
          const { result, sold } = await first(tx, ids)
          const kept = ids.filter((id) => sold.includes(id))
          const gone = ids.filter((id) => !sold.includes(id))
          if (gone.length) await tx.delete(products).where(inArray(products.id, gone))
          // Kept for the buyers of a real order, out of the catalogue, and the owner's now.
          if (kept.length) {
            await tx
              .update(products)
              .set({ isActive: false, isDemo: false, updatedAt: sql`now()` })
              .where(inArray(products.id, kept))
          }
          return { result, deleted: gone.length, deactivated: kept.length }
        }),
      )
      if (ids.length) onChange(ids)
      return outcome
    },

    /** 'Marcar selecionados': many products' years, components and kind in one write. */
    async tagMany(change: BulkTags): Promise<number[]> {
      const ids = await tagMany(db, bncc, change)
      onChange(ids)
      return ids
    },

    /** After a caller's transaction that changed a product through this service commits. */
    changed: () => onChange(),

    /**
     * What each product's preview is drawn from (`ids`, else every product not deleted): the
     * pages chosen and its main file, or null when it has none (a kit, a Canva link).
     */
    async previewSources(ids?: number[], q: Db = db): Promise<PreviewSource[]> {
      const rows = await q
        .select({
          id: products.id,
          previewPages: products.previewPages,
          storageKey: productFiles.storageKey,
          fileName: productFiles.fileName,
          mimeType: productFiles.mimeType,
          sizeBytes: productFiles.sizeBytes,
        })
        .from(products)
        .leftJoin(
          productFiles,
          and(eq(productFiles.productId, products.id), eq(productFiles.position, 0)),
        )
        .where(and(isNull(products.deletedAt), ids ? inArray(products.id, ids) : undefined))
      return rows.map(({ id, previewPages, ...file }) => ({
        id,
        previewPages,
        main: file.storageKey
          ? {
              storageKey: file.storageKey,
              fileName: file.fileName!,
              mimeType: file.mimeType!,
              sizeBytes: file.sizeBytes!,
            }
          : null,
      }))
    },

    /**
     * A product's preview was drawn or failed: its version moves (updated_at), so every
     * instance's catalogue reads it again with its pages.
     */
    async previewChanged(id: number): Promise<void> {
      await db
        .update(products)
        .set({ updatedAt: sql`now()` })
        .where(eq(products.id, id))
      // Awaited: the job's step ends once the catalogue knows (committed handlers never throw).
      await deps.events.committed('product.changed', { productIds: [id] })
    },

    async setActive(id: number, isActive?: boolean): Promise<{ id: number; isActive: boolean }> {
      const [row] = await db
        .update(products)
        .set({ isActive: isActive ?? sql`NOT ${products.isActive}`, updatedAt: sql`now()` })
        .where(and(eq(products.id, id), isNull(products.deletedAt)))
        .returning({ id: products.id, isActive: products.isActive })
      if (!row) throw notFound()
      onChange([id])
      return row
    },
  }
}

export type ProductsService = ReturnType<typeof createProductsService>
