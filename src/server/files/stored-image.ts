import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { AppError } from '../errors.js'
import { detectImage, SNIFF_BYTES } from './file-types.js'

/**
 * An uploaded picture made into the one file the store keeps of it (the logo, a plan's cover):
 * checked by its content like a product's images (file-types.ts; not an image: 415), turned
 * upright, shrunk into `box`, re-encoded, and named by a hash of the result, so an address built
 * on that name never changes meaning and can be cached for good.
 */
export async function storedImage(
  bytes: Buffer,
  fileName: string,
  box: { width: number; height: number },
  format: 'png' | 'webp',
): Promise<{ bytes: Buffer; hash: string }> {
  detectImage(bytes.subarray(0, SNIFF_BYTES), fileName)
  let out: Buffer
  try {
    const resized = sharp(bytes)
      .rotate()
      .resize({ ...box, fit: 'inside', withoutEnlargement: true })
    out = await (
      format === 'png' ? resized.png({ compressionLevel: 9 }) : resized.webp({ quality: 82 })
    ).toBuffer()
  } catch {
    // A picture whose header passes and whose body does not decode.
    throw new AppError('unsupported_media_type', 'Imagem inválida ou corrompida')
  }
  return { bytes: out, hash: createHash('sha256').update(out).digest('hex').slice(0, 16) }
}
