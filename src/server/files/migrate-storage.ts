import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { S3Storage } from './s3-storage.js'
import type { FileStorage } from './storage.js'

export interface MigrationReport {
  copied: string[]
  skipped: string[]
  failed: { key: string; error: string }[]
}

/** Every key below a local files folder (a put's `.part` leftovers are not files). */
export async function localKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.part'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()
}

async function sha256Of(storage: FileStorage, key: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(storage.read(key), hash)
  return hash.digest('hex')
}

/**
 * Copies each key from one storage to the other, streamed. A key the target already holds with
 * the same size and SHA-256 is skipped, so a run cut short is resumed by running it again. Each
 * copy is verified by reading the target back: its size and SHA-256 must be the source's, or the
 * copy is removed and reported as failed.
 */
export async function migrateStorage(opts: {
  from: FileStorage
  to: FileStorage
  keys: Iterable<string> | AsyncIterable<string>
  onKey?: (key: string, outcome: 'copied' | 'skipped' | 'failed', detail?: string) => void
}): Promise<MigrationReport> {
  const { from, to } = opts
  const report: MigrationReport = { copied: [], skipped: [], failed: [] }
  for await (const key of opts.keys) {
    try {
      const size = await from.size(key)
      if (size === null) throw new Error('sumiu da origem durante a cópia')
      if ((await to.size(key)) === size) {
        const [source, target] = await Promise.all([sha256Of(from, key), sha256Of(to, key)])
        if (source === target) {
          report.skipped.push(key)
          opts.onKey?.(key, 'skipped')
          continue
        }
      }
      // The hash of the bytes as they left the source, then the target read back.
      const sent = await to.put(key, from.read(key))
      const [stored, storedHash] = await Promise.all([to.size(key), sha256Of(to, key)])
      if (sent.size !== size || stored !== size || storedHash !== sent.sha256) {
        await to.remove(key)
        throw new Error(`verificação falhou (tamanho ${stored} de ${size}, SHA-256 diferente)`)
      }
      report.copied.push(key)
      opts.onKey?.(key, 'copied')
    } catch (error) {
      const message = (error as Error).message
      report.failed.push({ key, error: message })
      opts.onKey?.(key, 'failed', message)
    }
  }
  return report
}

/** Every key in a bucket. */
export async function* bucketKeys(bucket: S3Storage): AsyncGenerator<string> {
  for await (const { key } of bucket.list()) yield key
}
