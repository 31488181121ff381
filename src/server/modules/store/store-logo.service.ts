import type { FileStorage } from '../../files/storage.js'
import { storedImage } from '../../files/stored-image.js'
import type { SettingsService } from '../settings/settings.service.js'

/** The biggest logo file taken: a logo is small; a phone photo of one still fits. */
export const LOGO_MAX_BYTES = 8 * 1024 * 1024

// Shown 40 px high in the header and 48 px in e-mails: twice that covers sharp phone screens.
const LOGO_BOX = { width: 480, height: 128 }

const LOGO_PATH = '/api/store/logo'
const logoKey = (hash: string) => `images/logo/${hash}.png`
const versionOf = (address: string) => /[?&]v=([0-9a-f]{16})$/.exec(address)?.[1] ?? null

/**
 * The store's logo: checked by its content like a product's images (file-types.ts),
 * made once into one PNG (what every mail app shows; WebP is not) and kept in the store's file
 * storage (disk or S3) under its content's hash. The `store_logo` setting holds its address,
 * with the hash as version, so the header and the e-mails can cache it for good.
 */
export function createStoreLogo(deps: { storage: FileStorage; settings: SettingsService }) {
  const { storage, settings } = deps

  async function current(): Promise<string | null> {
    return versionOf(await settings.get('store_logo'))
  }

  async function forget(hash: string | null, keep?: string) {
    if (hash && hash !== keep) await storage.remove(logoKey(hash)).catch(() => undefined)
  }

  return {
    /** Stores `bytes` as the logo; answers its address. A file that is no image answers 415. */
    async upload(bytes: Buffer, fileName: string): Promise<string> {
      const { bytes: png, hash } = await storedImage(bytes, fileName, LOGO_BOX, 'png')
      const before = await current()
      await storage.put(logoKey(hash), png)
      const address = `${LOGO_PATH}?v=${hash}`
      await settings.set('store_logo', address)
      await forget(before, hash)
      return address
    },

    /** Back to the apple: the setting is emptied, then the file goes. */
    async remove(): Promise<void> {
      const before = await current()
      await settings.set('store_logo', '')
      await forget(before)
    },

    /** The logo's bytes for GET /api/store/logo, or null when the store has none. */
    async read() {
      const hash = await current()
      if (!hash) return null
      const key = logoKey(hash)
      const length = await storage.size(key)
      if (length === null) return null
      return { hash, length, open: () => storage.read(key) }
    },
  }
}

export type StoreLogo = ReturnType<typeof createStoreLogo>
