import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { AppError } from '../../errors.js'
import { detectImage, SNIFF_BYTES } from '../../files/file-types.js'
import type { FileStorage } from '../../files/storage.js'

/** A plan's cover is a photo or a banner: a phone picture fits. */
export const PLAN_IMAGE_MAX_BYTES = 8 * 1024 * 1024

// Shown full width on /clube (at most 768 CSS px): twice that covers sharp phone screens.
const PLAN_IMAGE_BOX = { width: 1536, height: 1536 }

const PATH = '/api/plans/image/'
const keyOf = (hash: string) => `images/plans/${hash}.webp`
export const hashOf = (address: string | null) =>
  address?.startsWith(PATH)
    ? (/^([0-9a-f]{16})$/.exec(address.slice(PATH.length))?.[1] ?? null)
    : null

/**
 * The clube plans' covers, the store logo's way (store-logo.service.ts): checked by content,
 * made once into one WebP, kept in the store's file storage (disk or S3) under its content's
 * hash, so its public address never changes meaning and is cached for good.
 */
export function createPlanImages(deps: { storage: FileStorage }) {
  const { storage } = deps
  return {
    /** Stores `bytes`; answers the image's public address. A file that is no image answers 415. */
    async store(bytes: Buffer, fileName: string): Promise<string> {
      detectImage(bytes.subarray(0, SNIFF_BYTES), fileName)
      let webp: Buffer
      try {
        webp = await sharp(bytes)
          .rotate()
          .resize({ ...PLAN_IMAGE_BOX, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer()
      } catch {
        // A picture whose header passes and whose body does not decode.
        throw new AppError('unsupported_media_type', 'Imagem inválida ou corrompida')
      }
      const hash = createHash('sha256').update(webp).digest('hex').slice(0, 16)
      await storage.put(keyOf(hash), webp)
      return `${PATH}${hash}`
    },

    /** Drops a stored image no plan shows any more (an address from elsewhere is left alone). */
    async forget(address: string | null): Promise<void> {
      const hash = hashOf(address)
      if (hash) await storage.remove(keyOf(hash)).catch(() => undefined)
    },

    /** GET /api/plans/image/:hash, or null when there is no such image. */
    async read(hash: string) {
      if (!/^[0-9a-f]{16}$/.test(hash)) return null
      const length = await storage.size(keyOf(hash))
      if (length === null) return null
      return { length, open: () => storage.read(keyOf(hash)) }
    },
  }
}

export type PlanImages = ReturnType<typeof createPlanImages>
