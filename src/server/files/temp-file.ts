import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError } from '../errors.js'
import { SNIFF_BYTES, type DetectedType } from './file-types.js'

export interface TempFile extends DetectedType {
  path: string
  size: number
  sha256: string
}

export interface ReceiveOptions {
  /** Folder of this upload's temporary files (under DATA_DIR/tmp). */
  dir: string
  maxBytes: number
  /** The 413 message when `maxBytes` is passed. */
  tooLarge: string
  /** Tells the type from the first bytes, or throws the 415 to answer. */
  detect: (head: Buffer) => DetectedType
}

/**
 * Streams an upload into a temporary file: its size is checked while it flows (the upload stops
 * at the first byte too many), its type is told by its first bytes as soon as they arrive (a
 * wrong file stops there too), and it is hashed on the way. Memory stays at a few stream buffers
 * whatever the size. On any failure, client abort included, the temporary file is removed.
 */
export async function receiveToTemp(source: Readable, opts: ReceiveOptions): Promise<TempFile> {
  const target = path.join(opts.dir, `${randomUUID()}.part`)
  const hash = createHash('sha256')
  let size = 0
  let head: Buffer[] | null = []
  let headBytes = 0
  let type: DetectedType | undefined
  const sniff = () => {
    type = opts.detect(Buffer.concat(head ?? []))
    head = null
  }
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > opts.maxBytes) return done(new AppError('payload_too_large', opts.tooLarge))
      hash.update(chunk)
      try {
        if (head) {
          head.push(chunk)
          headBytes += chunk.length
          if (headBytes >= SNIFF_BYTES) sniff()
        }
      } catch (error) {
        return done(error as Error)
      }
      done(null, chunk)
    },
    flush(done) {
      try {
        if (size === 0) throw new AppError('bad_request', 'Arquivo vazio')
        if (head) sniff()
        done()
      } catch (error) {
        done(error as Error)
      }
    },
  })
  try {
    // A 1 MB buffer lets several network chunks go to disk in one writev while more arrive (twice
    // the throughput of the 16 KB default); `flush` makes the bytes durable before the product
    // row that points at them is committed.
    const file = createWriteStream(target, { flags: 'wx', highWaterMark: 1024 * 1024, flush: true })
    await pipeline(source, meter, file)
  } catch (error) {
    await rm(target, { force: true })
    throw error
  }
  return { path: target, size, sha256: hash.digest('hex'), ...type! }
}
