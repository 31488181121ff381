import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { IMAGE_VARIANTS, type ImageVariant } from '../../contracts/products.js'
import { AppError } from '../errors.js'
import type { FileStorage } from './storage.js'

// One libvips thread per image and no operation cache: each picture is processed once, at upload,
// and a small server keeps the memory that a pool of threads and a 50 MB cache would hold
// (decision 018, "Memory").
sharp.concurrency(1)
sharp.cache(false)

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
  opts: { share?: boolean } = {},
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
  // A cover gets its share picture now, once (older covers get theirs at the first request).
  if (opts.share) await storage.put(shareImageKey(hash), await makeShareImage(source))
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

/** Every key an image's variants (and its share picture, if it has one) are stored under. */
export const variantKeys = (hash: string) => [
  ...(Object.keys(IMAGE_VARIANTS) as ImageVariant[]).map((v) => variantKey(hash, v)),
  shareImageKey(hash),
]

/** The store's colour (index.html's theme-color): the share picture's background. */
export const STORE_COLOR = '#7e22ce'
/** What WhatsApp, Facebook and X show best for a link: 1.91:1, 1200×630, a JPEG under 300 KB. */
export const SHARE_IMAGE = { width: 1200, height: 630, maxBytes: 300 * 1024 } as const
const SHARE_MARGIN = 32

export const shareImageKey = (hash: string) => `images/${hash.slice(0, 2)}/${hash}-share.jpg`

/**
 * A cover as a link preview: the whole picture (never cropped, so no title is cut), scaled to
 * fit inside a margin and centred on the store's colour, as a JPEG under 300 KB.
 */
export async function makeShareImage(source: Buffer | string): Promise<Buffer> {
  const { width, height, maxBytes } = SHARE_IMAGE
  const cover = await sharp(source)
    .rotate()
    .resize({
      width: width - 2 * SHARE_MARGIN,
      height: height - 2 * SHARE_MARGIN,
      fit: 'inside',
      withoutEnlargement: false,
    })
    .flatten({ background: STORE_COLOR })
    .toBuffer()
    .catch(() => {
      throw new AppError('unsupported_media_type', 'Imagem inválida ou corrompida')
    })
  const encode = (quality: number) =>
    sharp({ create: { width, height, channels: 3, background: STORE_COLOR } })
      .composite([{ input: cover, gravity: 'centre' }])
      .jpeg({ quality, mozjpeg: true })
      .toBuffer()
  // A busy picture may need a lower quality to stay under the size WhatsApp accepts.
  let jpeg = await encode(84)
  for (const quality of [72, 60, 45]) {
    if (jpeg.length < maxBytes) break
    jpeg = await encode(quality)
  }
  return jpeg
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
