import { buffer as readAll } from 'node:stream/consumers'
import type { ImageQuery } from '../../../contracts/products.js'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../files/storage.js'
import { makeShareImage, pickVariant, shareImageKey } from '../../files/images.js'
import type { ImageRecord } from '../products/products.service.js'
import type { CatalogSources, createCatalogSnapshot } from './catalog-snapshot.js'

// The products' pictures as the storefront serves them: the stored variant an image request
// gets, and the link previews' share picture, made at the first request for older covers.

export function catalogImages(
  snapshot: ReturnType<typeof createCatalogSnapshot>,
  sources: CatalogSources,
  storage: FileStorage,
) {
  async function imageRecord(productId: number, position: number): Promise<ImageRecord> {
    const fromSnapshot = (await snapshot.get()).images.get(productId)
    let image = fromSnapshot?.find((i) => i.position === position)
    // Inactive products keep their images for the admin screens and past buyers.
    if (!image && !fromSnapshot)
      image = (await sources.products.image(productId, position)) ?? undefined
    if (!image) throw new AppError('not_found', 'Imagem não encontrada')
    return image
  }

  // Covers stored before share pictures existed get theirs at the first request, made once.
  const makingShare = new Map<string, Promise<unknown>>()
  async function ensureShareImage(image: ImageRecord): Promise<string> {
    const key = shareImageKey(image.hash)
    if ((await storage.size(key)) !== null) return key
    let job = makingShare.get(image.hash)
    if (!job) {
      const source = image.variants.full ?? image.variants.card
      if (!source) throw new AppError('not_found', 'Imagem não encontrada')
      job = readAll(storage.read(source))
        .then((bytes) => makeShareImage(bytes))
        .then((jpeg) => storage.put(key, jpeg))
        .finally(() => makingShare.delete(image.hash))
      makingShare.set(image.hash, job)
    }
    await job
    return key
  }

  return {
    /** Which stored variant answers an image request, and its cache validator. */
    async image(
      productId: number,
      position: number,
      size: ImageQuery['size'],
      fallback: 'card' | 'full',
    ) {
      const image = await imageRecord(productId, position)
      const variant = pickVariant(size, fallback)
      const key = image.variants[variant] ?? image.variants.full
      if (!key) throw new AppError('not_found', 'Imagem não encontrada')
      const length = await storage.size(key)
      if (length === null) throw new AppError('not_found', 'Imagem não encontrada')
      return {
        etag: `"${image.hash}-${variant}"`,
        hash: image.hash,
        length,
        open: () => storage.read(key),
      }
    },

    /** The cover as a 1200×630 JPEG for link previews (made now if the cover predates them). */
    async shareImage(productId: number) {
      const image = await imageRecord(productId, 0)
      const key = await ensureShareImage(image)
      const length = await storage.size(key)
      if (length === null) throw new AppError('not_found', 'Imagem não encontrada')
      return {
        etag: `"${image.hash}-share"`,
        hash: image.hash,
        length,
        open: () => storage.read(key),
      }
    },
  }
}
