import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { IMAGE_VARIANTS, type ImageVariant } from '../../../contracts/products.js'
import { AppError } from '../../errors.js'
import type { FileStorage } from './storage.js'

export interface StoredImage {
  variants: Record<ImageVariant, string>
  hash: string
  width: number
  height: number
}

/**
 * Makes the WebP variants of an uploaded image once and stores them. Keys are content-addressed,
 * so the same picture uploaded twice is stored once and its URLs can be cached forever.
 */
export async function storeImageVariants(
  storage: FileStorage,
  source: Buffer,
): Promise<StoredImage> {
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16)
  let metadata: Metadata
  try {
    metadata = await sharp(source).metadata()
  } catch {
    throw new AppError('unsupported_media_type', 'Imagem inválida ou corrompida')
  }
  const variants = {} as Record<ImageVariant, string>
  for (const [name, width] of Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]) {
    const webp = await sharp(source)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: name === 'thumb' ? 70 : 80 })
      .toBuffer()
    const key = `images/${hash.slice(0, 2)}/${hash}-${name}.webp`
    await storage.put(key, webp)
    variants[name] = key
  }
  return { variants, hash, width: metadata.width ?? 0, height: metadata.height ?? 0 }
}

const ALIASES: Record<string, ImageVariant> = { small: 'thumb', medium: 'card', large: 'full' }

/** The variant for a `size` query: a name, or the smallest variant at least that many pixels wide. */
export function pickVariant(
  size: string | number | undefined,
  fallback: ImageVariant,
): ImageVariant {
  if (size === undefined) return fallback
  if (typeof size === 'string') return ALIASES[size] ?? (size as ImageVariant)
  const entries = Object.entries(IMAGE_VARIANTS) as [ImageVariant, number][]
  return entries.find(([, width]) => width >= size)?.[0] ?? 'full'
}
