import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import tar from 'tar-stream'
import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import { bucketKeys, localKeys } from '../files/migrate-storage.js'
import type { S3Storage } from '../files/s3-storage.js'
import type { FileStorage } from '../files/storage.js'
import { keyId, sign, storeBackupKey } from './backup-key.js'
import { dumpDatabase } from './dump.js'

/**
 * The archive (docs/decisions/022-backup-and-restore.md), a gzipped tar read front to back:
 * `backup.json` (what it is, and the size of everything that follows), `backup.sig` (its
 * HMAC-SHA256 with the store's backup key), `database.sql` (the dump), `files/<key>` for every
 * stored file (none when the files live in a bucket), then `manifest.json`: the dump's and each
 * file's SHA-256, computed as they went into the archive, and last `manifest.sig`. A restore
 * checks the header's signature before writing a byte, and caps every entry at its declared size.
 */
export const BACKUP_FORMAT = 2
/** Archives made before backups were signed: restored only when the owner says so. */
export const UNSIGNED_FORMAT = 1

export interface BackupInfo {
  format: typeof BACKUP_FORMAT | typeof UNSIGNED_FORMAT
  createdAt: string
  database: Database['kind']
  /** Where the store kept its files; with a bucket the archive lists them but holds none. */
  storage: { kind: 'disk' } | { kind: 's3'; bucket: string }
  filesIncluded: boolean
  /** Rows per table, for the owner to read. */
  tables: Record<string, number>
  /** What follows, by size (format 2): a restore writes no entry past these. */
  contents?: { database: number; files: { key: string; size: number }[] }
}

/** `backup.sig` and `manifest.sig`. */
export interface BackupSignature {
  algorithm: 'HMAC-SHA256'
  keyId: string
  hmac: string
}

/** What each signature covers; the manifest's is bound to its header. */
export const signHeader = (key: string, header: Buffer) =>
  sign(key, 'loja-backup-header-v2', header)
export const signManifest = (key: string, header: Buffer, manifest: Buffer) =>
  sign(key, 'loja-backup-manifest-v2', createHash('sha256').update(header).digest(), manifest)

export interface ManifestFile {
  key: string
  size: number
  sha256: string
}

export interface Manifest {
  database: { size: number; sha256: string }
  files: ManifestFile[]
}

export interface BackupSource {
  database: Database
  storage: FileStorage
  config: Pick<Config, 's3' | 'filesDir' | 'dataDir' | 'backupKey'>
}

/** `loja-2026-11-22.tar.gz`, the day in UTC. */
export function backupFileName(now = new Date()) {
  return `loja-${now.toISOString().slice(0, 10)}.tar.gz`
}

function keysOf(source: BackupSource): AsyncIterable<string> | Promise<string[]> {
  return source.config.s3
    ? bucketKeys(source.storage as S3Storage)
    : localKeys(source.config.filesDir)
}

/** Pipes `source` into one tar entry, hashing the bytes on their way; the entry's SHA-256. */
function addEntry(pack: tar.Pack, name: string, size: number, mtime: Date, source: Readable) {
  const hash = createHash('sha256')
  return new Promise<string>((resolve, reject) => {
    const entry = pack.entry({ name, size, mtime, mode: 0o644 }, (error) =>
      error ? reject(error) : resolve(hash.digest('hex')),
    )
    source.on('data', (chunk: Buffer) => hash.update(chunk))
    source.on('error', (error) => {
      entry.destroy(error)
      reject(error)
    })
    // The archive's reader gone, the entry fails: an 'error' nobody listened to would end the
    // process (Readable.pipe re-emits a destination's error when it is the only listener).
    entry.on('error', (error) => {
      source.destroy()
      reject(error)
    })
    source.pipe(entry as unknown as NodeJS.WritableStream)
  })
}

const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2) + '\n')

function addBytes(pack: tar.Pack, name: string, mtime: Date, body: Buffer) {
  return new Promise<void>((resolve, reject) =>
    pack.entry({ name, size: body.length, mtime, mode: 0o644 }, body, (error) =>
      error ? reject(error) : resolve(),
    ),
  )
}

/** The store's tables and their row counts in one line, as the backup and restore commands print them. */
export function rowCounts(info: BackupInfo): string {
  return Object.entries(info.tables)
    .filter(([table]) => table.startsWith('public.'))
    .map(([table, n]) => `${table.slice('public.'.length)} ${n}`)
    .join(', ')
}

export async function sha256Of(stream: Readable) {
  const hash = createHash('sha256')
  await pipeline(stream, hash)
  return hash.digest('hex')
}

/**
 * Takes the database dump now (one snapshot, written to a temporary file: a tar entry needs its
 * size first, and on PGlite the snapshot's transaction holds the only connection, so it must be
 * short), then returns the archive as a stream that reads each file only as the reader asks for
 * more. Files listed but gone by the time they are read (a product deleted meanwhile) are left
 * out; files added after the snapshot come along, unreferenced, which is harmless.
 */
export async function startBackup(source: BackupSource, now = new Date()) {
  const work = await mkdtemp(path.join(tmpdir(), 'loja-backup-'))
  try {
    const dumpPath = path.join(work, 'database.sql')
    const out = createWriteStream(dumpPath)
    const dumpHash = createHash('sha256')
    const writing = once(out, 'close')
    const summary = await dumpDatabase(source.database.db, async (text) => {
      dumpHash.update(text)
      if (!out.write(text)) await once(out, 'drain')
    }).catch((error: unknown) => {
      out.destroy()
      throw error
    })
    out.end()
    await writing
    const database = { size: (await stat(dumpPath)).size, sha256: dumpHash.digest('hex') }
    const s3 = source.config.s3
    // Every file and its size before the first byte: the header declares them (a restore caps
    // each entry at its declared size). One gone by the time it is read is left out.
    const listed: { key: string; size: number }[] = []
    for await (const key of await keysOf(source)) {
      const size = await source.storage.size(key)
      if (size !== null) listed.push({ key, size })
    }
    const key = await storeBackupKey(source.config)
    const signature = (hmac: string): BackupSignature => ({
      algorithm: 'HMAC-SHA256',
      keyId: keyId(key),
      hmac,
    })
    const info: BackupInfo = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database: source.database.kind,
      storage: s3 ? { kind: 's3', bucket: s3.bucket } : { kind: 'disk' },
      filesIncluded: !s3,
      tables: summary.tables,
      contents: { database: database.size, files: listed },
    }
    const header = jsonBytes(info)

    const pack = tar.pack()
    const gzip = createGzip()
    pack.on('error', (error) => gzip.destroy(error))
    pack.pipe(gzip as unknown as NodeJS.WritableStream)
    let current: Readable | undefined
    let readerGone = false
    const read = (stream: Readable) => {
      // Between files too: hashing a bucket's objects writes nothing the reader would wait on.
      if (readerGone) throw new Error('the backup reader went away')
      return (current = stream)
    }
    // A reader that goes away (the admin closed the tab) stops the reading of files at once.
    gzip.on('close', () => {
      if (gzip.readableEnded) return
      readerGone = true
      current?.destroy(new Error('the backup reader went away'))
    })
    const produce = async () => {
      await addBytes(pack, 'backup.json', now, header)
      await addBytes(pack, 'backup.sig', now, jsonBytes(signature(signHeader(key, header))))
      await addEntry(pack, 'database.sql', database.size, now, read(createReadStream(dumpPath)))
      const files: ManifestFile[] = []
      for (const { key: file, size } of listed) {
        if ((await source.storage.size(file)) === null) continue
        const sha256 = info.filesIncluded
          ? await addEntry(pack, `files/${file}`, size, now, read(source.storage.read(file)))
          : await sha256Of(read(source.storage.read(file)))
        files.push({ key: file, size, sha256 })
      }
      const manifest = jsonBytes({ database, files } satisfies Manifest)
      await addBytes(pack, 'manifest.json', now, manifest)
      await addBytes(
        pack,
        'manifest.sig',
        now,
        jsonBytes(signature(signManifest(key, header, manifest))),
      )
      pack.finalize()
    }
    produce()
      .catch((error: Error) => {
        // The reader sees the archive end in an error: a truncated backup is never taken for whole.
        pack.destroy(error)
        gzip.destroy(error)
      })
      .finally(() => rm(work, { recursive: true, force: true }))
    return { stream: gzip as Readable, info }
  } catch (error) {
    await rm(work, { recursive: true, force: true })
    throw error
  }
}
