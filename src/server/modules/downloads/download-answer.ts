import { asc, eq } from 'drizzle-orm'
import {
  DOWNLOAD_DATA_MAX_BYTES,
  type DownloadAnswer,
  type DownloadFileLink,
} from '../../../contracts/downloads.js'
import type { Db } from '../../db/client.js'
import { productFiles, products } from '../../db/schema.js'
import type { FileStorage } from '../files/storage.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { LinkClaims, LinkSigner } from './signed-link.js'

export type ProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'name' | 'isFree' | 'isActive' | 'deletedAt' | 'externalLink'
>
export type FileRow = Pick<
  typeof productFiles.$inferSelect,
  'fileName' | 'mimeType' | 'sizeBytes' | 'storageKey' | 'sha256'
>

/** Any product, hidden or deleted ones included: a buyer keeps what they paid for. */
export async function productRow(db: Db, id: number): Promise<ProductRow | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      isFree: products.isFree,
      isActive: products.isActive,
      deletedAt: products.deletedAt,
      externalLink: products.externalLink,
    })
    .from(products)
    .where(eq(products.id, id))
  return row ?? null
}

/** Free to anyone right now: free, on sale and not deleted. */
export const isFreeNow = (p: ProductRow | null) =>
  p !== null && p.isFree && p.isActive && p.deletedAt === null

/** The product's files in delivery order; a link's file index is a position in this list. */
export async function productFileRows(db: Db, productId: number): Promise<FileRow[]> {
  return db
    .select({
      fileName: productFiles.fileName,
      mimeType: productFiles.mimeType,
      sizeBytes: productFiles.sizeBytes,
      storageKey: productFiles.storageKey,
      sha256: productFiles.sha256,
    })
    .from(productFiles)
    .where(eq(productFiles.productId, productId))
    .orderBy(asc(productFiles.position))
}

const remainingText = (n: number) =>
  n === 1 ? 'Resta 1 download desta compra.' : `Restam ${n} downloads desta compra.`

export interface AnswerInput {
  product: ProductRow
  files: FileRow[]
  purchase: LinkClaims['purchase']
  remaining: number | null
  /** Whether to inline the main file as base64 for SPEC.md's older clients. */
  withData: boolean
}

/** Turns a granted download into its answer: a signed link per file, valid for the setting. */
export function createAnswerBuilder(deps: {
  storage: FileStorage
  settings: SettingsService
  signer: LinkSigner
  now: () => number
}) {
  async function dataUrl(file: FileRow): Promise<string> {
    const chunks: Buffer[] = []
    for await (const chunk of deps.storage.read(file.storageKey)) chunks.push(chunk as Buffer)
    return `data:${file.mimeType};base64,${Buffer.concat(chunks).toString('base64')}`
  }

  return async function build(input: AnswerInput): Promise<DownloadAnswer> {
    const { product, files, purchase, remaining } = input
    const purchaseId = purchase === 'free' ? null : purchase
    const minutes = await deps.settings.getPositiveInt('download_link_expiry')
    const exp = Math.floor(deps.now() / 1000) + minutes * 60
    const links: DownloadFileLink[] = files.map((file, index) => ({
      index,
      fileName: file.fileName,
      mimeType: file.mimeType,
      size: file.sizeBytes,
      downloadUrl: `/api/downloads/${deps.signer.sign({ purchase, productId: product.id, fileIndex: index, exp })}`,
    }))
    const main = files[0]
    const left = remaining === null ? '' : ` ${remainingText(remaining)}`
    if (!main) {
      // Delivered as a link only (Canva): the link is the material; see docs/decisions/006.
      const link = product.externalLink ?? ''
      return {
        success: true,
        fileName: product.name,
        mimeType: 'text/uri-list',
        downloadUrl: link,
        files: [],
        purchaseId,
        remainingDownloads: remaining,
        externalLink: link,
        message: 'Este material é entregue por link: abra-o para acessar.',
      }
    }
    return {
      success: true,
      fileName: main.fileName,
      mimeType: main.mimeType,
      downloadUrl: links[0]!.downloadUrl,
      files: links,
      purchaseId,
      remainingDownloads: remaining,
      externalLink: product.externalLink,
      message: `Download liberado! O link vale ${minutes} minutos.${left}`,
      ...(input.withData && main.sizeBytes < DOWNLOAD_DATA_MAX_BYTES
        ? { downloadData: await dataUrl(main) }
        : {}),
    }
  }
}
