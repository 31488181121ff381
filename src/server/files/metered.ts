import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'
import { AppError } from '../errors.js'

/**
 * The pass-through every stored object flows through, on disk or in a bucket: it counts and
 * hashes the bytes on their way, and fails the pipeline once they pass `maxBytes`, so an
 * oversized upload stops while it streams instead of after it landed.
 */
export function meteredStream(maxBytes?: number): {
  meter: Transform
  stored(): { size: number; sha256: string }
} {
  const hash = createHash('sha256')
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length
      if (maxBytes !== undefined && size > maxBytes) {
        done(new AppError('payload_too_large', 'Arquivo maior que o limite permitido'))
        return
      }
      hash.update(chunk)
      done(null, chunk)
    },
  })
  return { meter, stored: () => ({ size, sha256: hash.digest('hex') }) }
}
