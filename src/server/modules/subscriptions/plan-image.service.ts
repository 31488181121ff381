import type { FileStorage } from '../../files/storage.js'
import { storedImage } from '../../files/stored-image.js'

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
      const { bytes: webp, hash } = await storedImage(bytes, fileName, PLAN_IMAGE_BOX, 'webp')
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
