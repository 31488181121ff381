import { and, eq, gt } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/client.js'
import { productFiles, productImages } from './products.tables.js'
import { imageHash, storeImageVariants } from '../../files/images.js'
import type { FileStorage } from '../../files/storage.js'
import type { JournalEntry } from './upload-journal.service.js'
import type { FileGroup, StagedFile, StagedUpload } from './staged-upload.js'

type ImageRow = Omit<typeof productImages.$inferInsert, 'productId'>
type FileRow = Omit<typeof productFiles.$inferInsert, 'productId'>

/** Where each staged file will go; known, and journaled, before anything is stored. */
export interface UploadPlan {
  images: { staged: StagedFile; position: number; hash: string }[]
  files: { staged: StagedFile; position: number; storageKey: string }[]
  /** The groups this upload replaces (an edit keeps the others). */
  groups: Set<FileGroup>
}

/** Cover and main file at position 0, extras from 1 in the order they were sent. */
export function planUpload(staged: StagedUpload): UploadPlan {
  const positioned = (main: FileGroup, extra: FileGroup) => [
    ...staged.of(main).map((file) => ({ file, position: 0 })),
    ...staged.of(extra).map((file, i) => ({ file, position: i + 1 })),
  ]
  return {
    images: positioned('cover', 'images').map(({ file, position }) => ({
      staged: file,
      position,
      hash: imageHash(file),
    })),
    files: positioned('main', 'files').map(({ file, position }) => {
      const id = randomUUID()
      return { staged: file, position, storageKey: `files/${id.slice(0, 2)}/${id}.${file.ext}` }
    }),
    groups: new Set(staged.files.map((f) => f.group)),
  }
}

/**
 * Puts a plan's files into storage: WebP variants made from each image's temporary file, and
 * each download file moved (renamed) into place. Answers the rows to insert for them.
 */
export async function storePlan(storage: FileStorage, plan: UploadPlan) {
  const images: ImageRow[] = []
  for (const { staged, position } of plan.images) {
    images.push({
      position,
      ...(await storeImageVariants(storage, staged, { share: position === 0 })),
    })
  }
  const files: FileRow[] = []
  for (const { staged, position, storageKey } of plan.files) {
    await storage.adopt(storageKey, staged.path)
    files.push({
      position,
      fileName: staged.fileName,
      mimeType: staged.mimeType,
      sizeBytes: staged.size,
      storageKey,
      sha256: staged.sha256,
    })
  }
  return { images, files }
}

/** What `plan` adds, plus what the rows of `productId` in the groups it replaces held. */
export async function journalEntryFor(
  db: Db,
  plan: UploadPlan,
  productId?: number,
): Promise<JournalEntry> {
  const entry = {
    files: plan.files.map((f) => f.storageKey),
    images: plan.images.map((i) => i.hash),
  }
  if (productId === undefined) return entry
  const [images, files] = await Promise.all([
    db.select().from(productImages).where(eq(productImages.productId, productId)),
    db.select().from(productFiles).where(eq(productFiles.productId, productId)),
  ])
  const replaced = (position: number, main: FileGroup, extra: FileGroup) =>
    plan.groups.has(position === 0 ? main : extra)
  for (const i of images) if (replaced(i.position, 'cover', 'images')) entry.images.push(i.hash)
  for (const f of files) if (replaced(f.position, 'main', 'files')) entry.files.push(f.storageKey)
  return entry
}

/** Removes the rows of one group of a product's files (cover, extra images, main, extra files). */
export async function deleteGroup(tx: Db, productId: number, group: FileGroup) {
  const first = group === 'cover' || group === 'main'
  if (group === 'cover' || group === 'images') {
    const at = first ? eq(productImages.position, 0) : gt(productImages.position, 0)
    await tx.delete(productImages).where(and(eq(productImages.productId, productId), at))
  } else {
    const at = first ? eq(productFiles.position, 0) : gt(productFiles.position, 0)
    await tx.delete(productFiles).where(and(eq(productFiles.productId, productId), at))
  }
}
