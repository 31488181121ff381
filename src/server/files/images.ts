import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { IMAGE_VARIANTS, type ImageVariant } from '../../contracts/products.js'
import { AppError } from '../errors.js'
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
  image: Buffer | ImageFile,
): Promise<StoredImage> {
  // An upload is read from its temporary file (hashed while it streamed), never held whole.
  const source = Buffer.isBuffer(image) ? image : image.path
  const hash = imageHash(image)
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
      .catch(() => {
        // A truncated picture can pass the header check and fail only when decoded.
        throw new AppError('unsupported_media_type', 'Imagem inválida ou corrompida')
      })
    const key = variantKey(hash, name)
    await storage.put(key, webp)
    variants[name] = key
  }
  return { variants, hash, width: metadata.width ?? 0, height: metadata.height ?? 0 }
}

/** A local image file and the SHA-256 of its bytes (hex). */
export interface ImageFile {
  path: string
  sha256: string
}

/** The content hash an image is stored under: the first 16 hex digits of its SHA-256. */
export function imageHash(image: Buffer | ImageFile): string {
  const sha256 = Buffer.isBuffer(image)
    ? createHash('sha256').update(image).digest('hex')
    : image.sha256
  return sha256.slice(0, 16)
}

export const variantKey = (hash: string, variant: ImageVariant) =>
  `images/${hash.slice(0, 2)}/${hash}-${variant}.webp`

/** Every key an image's variants are stored under. */
export const variantKeys = (hash: string) =>
  (Object.keys(IMAGE_VARIANTS) as ImageVariant[]).map((v) => variantKey(hash, v))

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
