/**
 * A backup written to every destination and read back before anyone calls it good:
 * the archive is written into BACKUP_DIR beside its final name, sent to the bucket, then each
 * copy is read again — the folder's unpacked whole (both signatures, every entry's size and
 * SHA-256, the dump's statements, as a restore checks them), the bucket's hashed byte for byte
 * against the folder's. A copy that fails any of it is reported, never counted as verified.
 */
import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { sha256Of, startBackup, type BackupInfo, type BackupSource } from './archive.js'
import { storeBackupKey } from './backup-key.js'
import type { BackupDestination, BackupWhere } from './destinations.js'
import { RestoreRefused } from './restore-refused.js'
import { unpackBackup } from './unpack.js'

export interface WrittenCopy {
  name: string
  takenAt: Date
  bytes: number
  /** The archive file's own SHA-256, as written. */
  sha256: string
  where: BackupWhere[]
  verified: boolean
  /** Why it is not verified (a destination that refused it, or a check that failed). */
  problem: string | null
  info: BackupInfo
}

/**
 * Reads the archive at `file` as a restore would, into a throwaway folder: the header's and the
 * manifest's signatures, every entry against its declared size and SHA-256, the dump's
 * statements. Throws RestoreRefused (in Portuguese) when anything does not hold.
 */
export async function verifyArchive(file: string, key: string) {
  const staging = await mkdtemp(path.join(tmpdir(), 'loja-verify-'))
  try {
    return await unpackBackup(file, staging, { key })
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

export async function writeVerifiedCopy(
  source: BackupSource,
  destinations: BackupDestination[],
  opts: { dir: string; name: string; at: Date },
): Promise<WrittenCopy> {
  const { dir, name, at } = opts
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, name)
  const partial = path.join(dir, `.${name}.part`)
  const hash = createHash('sha256')
  let bytes = 0
  const { stream, info } = await startBackup(source, at)
  try {
    await pipeline(
      stream,
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk)
          bytes += chunk.length
          done(null, chunk)
        },
      }),
      createWriteStream(partial),
    )
    // Renamed whole: a cut archive never sits in the folder under a backup's name.
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  const sha256 = hash.digest('hex')
  const where: BackupWhere[] = []
  const problems: string[] = []
  const key = await storeBackupKey(source.config)
  for (const destination of destinations) {
    try {
      await destination.put(name, file)
      where.push(destination.where)
    } catch (error) {
      problems.push(`${destination.where}: não gravado (${(error as Error).message})`)
    }
  }
  // Read back: the folder's copy as a restore reads it; the bucket's must be the same bytes.
  for (const destination of destinations.filter((d) => where.includes(d.where))) {
    try {
      if (destination.where === 'dir') {
        if ((await stat(file)).size !== bytes) throw new RestoreRefused('tamanho diferente')
        await verifyArchive(file, key)
      } else if ((await sha256Of(destination.read(name))) !== sha256) {
        throw new RestoreRefused('a cópia lida de volta não é igual à gravada (SHA-256)')
      }
    } catch (error) {
      problems.push(`${destination.where}: ${(error as Error).message}`)
    }
  }
  return {
    name,
    takenAt: at,
    bytes,
    sha256,
    where,
    verified: problems.length === 0 && where.length === destinations.length,
    problem: problems.length ? problems.join('; ') : null,
    info,
  }
}
