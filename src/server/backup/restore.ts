import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, rename, rm, statfs } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { sql } from 'drizzle-orm'
import tar from 'tar-stream'
import type { Config } from '../config.js'
import { openDatabase, type Database } from '../db/client.js'
import { lockDataDir } from '../db/data-dir-lock.js'
import { localKeys, migrateStorage } from '../files/migrate-storage.js'
import { S3Storage } from '../files/s3-storage.js'
import { LocalDiskStorage } from '../files/storage.js'
import {
  BACKUP_FORMAT,
  sha256Of,
  signHeader,
  signManifest,
  UNSIGNED_FORMAT,
  type BackupInfo,
  type BackupSignature,
  type Manifest,
} from './archive.js'
import { keepKey, keyId, readStoredKey, signatureMatches } from './backup-key.js'
import { checkDumpStatement, DumpStatementRefused } from './dump-statements.js'

/** The target is not empty, or the archive is not whole or not authentic: nothing was written. */
export class RestoreRefused extends Error {}

export const MISSING_KEY =
  'Falta a chave do backup: copie-a da aba Backup do painel da loja e passe --chave <chave> (ou defina BACKUP_KEY).'

export interface RestoreSummary {
  info: BackupInfo
  files: number
  /** Where the database went: `pglite` (DATA_DIR/db) or `postgres`. */
  database: Database['kind']
}

/** backup.json and manifest.json are read whole: kept small. */
const MAX_JSON_BYTES = 64 * 1024 * 1024
const MAX_SIG_BYTES = 4 * 1024
/** No entry is larger than this, whatever an archive declares (uploads are 500 MB by default). */
export const MAX_ENTRY_BYTES = 16 * 1024 ** 3
/** Room left on the target's disk after the archive's declared contents. */
const DISK_MARGIN_BYTES = 256 * 1024 * 1024
/** Statements sent to the database at a time while loading the dump. */
const BATCH_CHARS = 512 * 1024

/** A key from the archive as a relative path that stays inside the files folder. */
function safeKey(key: string): string {
  const parts = key.split('/')
  if (
    !key ||
    key.includes('\\') ||
    key.includes('\0') ||
    parts.some((p) => !p || p === '.' || p === '..')
  ) {
    throw new RestoreRefused(`Nome de arquivo inválido no backup: ${JSON.stringify(key)}`)
  }
  return key
}

type Entry = AsyncIterable<Buffer>

/** Writes an entry, hashing it, and stops the moment it would pass `cap` bytes. */
async function saveHashed(entry: Entry, target: string, cap: number, name: string) {
  await mkdir(path.dirname(target), { recursive: true })
  const hash = createHash('sha256')
  let size = 0
  const out = createWriteStream(target)
  try {
    for await (const chunk of entry) {
      size += chunk.length
      if (size > cap) throw new RestoreRefused(`${name} passa do tamanho declarado no backup`)
      hash.update(chunk)
      if (!out.write(chunk)) await once(out, 'drain')
    }
    out.end()
    await finished(out)
  } catch (error) {
    out.destroy()
    await rm(target, { force: true })
    throw error
  }
  return { size, sha256: hash.digest('hex') }
}

async function readBytes(entry: Entry, name: string, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of entry) {
    size += (chunk as Buffer).length
    if (size > cap) throw new RestoreRefused(`${name} grande demais`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function parseJson<T>(bytes: Buffer, name: string): T {
  try {
    return JSON.parse(bytes.toString('utf8')) as T
  } catch {
    throw new RestoreRefused(`${name} ilegível`)
  }
}

export interface UnpackOptions {
  /** The store's backup key (64 hex); a signed archive is refused without it. */
  key?: string
  /** Accept an archive made before backups were signed (format 1): the owner's explicit call. */
  allowUnsigned?: boolean
}

const TAMPERED =
  'A assinatura do backup não confere: o arquivo foi alterado depois de feito (ou não é um backup desta loja). Nada foi gravado.'

function checkSignature(bytes: Buffer, name: string, key: string, expected: string) {
  const sig = parseJson<Partial<BackupSignature>>(bytes, name)
  if (sig.keyId !== keyId(key)) {
    throw new RestoreRefused(
      `Este backup foi assinado com outra chave (${String(sig.keyId)}; a informada é ${keyId(key)}). Use a chave da loja que o fez, mostrada na aba Backup do painel dela.`,
    )
  }
  if (sig.algorithm !== 'HMAC-SHA256' || !signatureMatches(expected, sig.hmac)) {
    throw new RestoreRefused(TAMPERED)
  }
}

/** The declared size of each entry, checked against the ceilings and the disk's free room. */
async function declaredSizes(info: BackupInfo, staging: string) {
  const contents = info.contents
  if (!contents || !Number.isSafeInteger(contents.database) || !Array.isArray(contents.files)) {
    throw new RestoreRefused('backup.json não declara o conteúdo do backup')
  }
  const sizes = new Map<string, number>([['database.sql', contents.database]])
  for (const file of contents.files) {
    if (!Number.isSafeInteger(file.size) || file.size < 0) {
      throw new RestoreRefused(`Tamanho inválido no backup: ${file.key}`)
    }
    sizes.set(`files/${safeKey(file.key)}`, file.size)
  }
  await checkRoom(staging, [...sizes.values()])
  return sizes
}

async function checkRoom(staging: string, sizes: number[]) {
  const big = sizes.find((size) => size < 0 || size > MAX_ENTRY_BYTES)
  if (big !== undefined) throw new RestoreRefused(`Entrada de ${big} bytes: grande demais`)
  const total = sizes.reduce((a, b) => a + b, 0)
  const disk = await statfs(staging)
  const free = disk.bavail * disk.bsize
  if (total + DISK_MARGIN_BYTES > free) {
    throw new RestoreRefused(
      `O backup declara ${(total / 1e6).toFixed(0)} MB e o disco tem ${(free / 1e6).toFixed(0)} MB livres.`,
    )
  }
}

/**
 * Reads the archive into `staging` (`database.sql`, `files/<key>`), hashing every byte, and
 * checks it: first the header's signature (before a byte is written), then every entry against
 * the size the header declares while it streams (nothing past it is written), and at the end
 * the manifest's signature and each entry's SHA-256. A forged, cut or corrupted archive is
 * refused here, before anything reaches the target; what was staged is the caller's to remove.
 */
export async function unpackBackup(archive: string, staging: string, opts: UnpackOptions = {}) {
  const extract = tar.extract()
  const feeding = pipeline(createReadStream(archive), createGunzip(), extract)
  feeding.catch(() => {})
  let info: BackupInfo | undefined
  let header: Buffer | undefined
  let signed = false
  let declared: Map<string, number> | undefined
  let manifest: Manifest | undefined
  let manifestBytes: Buffer | undefined
  let sealed = false
  let dump: { size: number; sha256: string } | undefined
  const files = new Map<string, { size: number; sha256: string }>()
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header
      if (type !== 'file') throw new RestoreRefused(`Entrada inesperada no backup: ${name}`)
      if (sealed) throw new RestoreRefused(`Entrada depois da assinatura final: ${name}`)
      if (!info) {
        if (name !== 'backup.json') throw new RestoreRefused('O backup não começa por backup.json')
        header = await readBytes(entry as Entry, name, MAX_JSON_BYTES)
        info = parseJson<BackupInfo>(header, name)
        if (info.format === UNSIGNED_FORMAT) {
          if (!opts.allowUnsigned) {
            throw new RestoreRefused(
              'Backup sem assinatura (feito antes de a loja assinar os backups): só é restaurado se você confirmar que é seu, com --aceitar-backup-sem-assinatura.',
            )
          }
        } else if (info.format !== BACKUP_FORMAT) {
          throw new RestoreRefused(`Formato de backup ${String(info.format)} desconhecido`)
        } else if (!opts.key) {
          throw new RestoreRefused(MISSING_KEY)
        }
        continue
      }
      if (info.format === BACKUP_FORMAT && !signed) {
        if (name !== 'backup.sig') throw new RestoreRefused(TAMPERED)
        const bytes = await readBytes(entry as Entry, name, MAX_SIG_BYTES)
        checkSignature(bytes, name, opts.key!, signHeader(opts.key!, header!))
        signed = true
        declared = await declaredSizes(info, staging)
        continue
      }
      if (name === 'manifest.json' && !manifestBytes) {
        manifestBytes = await readBytes(entry as Entry, name, MAX_JSON_BYTES)
        manifest = parseJson<Manifest>(manifestBytes, name)
        sealed = info.format === UNSIGNED_FORMAT
        continue
      }
      if (manifestBytes && name === 'manifest.sig' && info.format === BACKUP_FORMAT) {
        const bytes = await readBytes(entry as Entry, name, MAX_SIG_BYTES)
        checkSignature(bytes, name, opts.key!, signManifest(opts.key!, header!, manifestBytes))
        sealed = true
        continue
      }
      if (manifestBytes) throw new RestoreRefused(`Entrada depois do manifesto: ${name}`)
      // A data entry: its size is known from its tar header before a byte of it is read.
      let cap: number
      if (declared) {
        const expected = declared.get(name)
        if (expected === undefined) {
          throw new RestoreRefused(`Arquivo não declarado no cabeçalho do backup: ${name}`)
        }
        if (size !== expected) {
          throw new RestoreRefused(`${name} tem ${size} bytes e o backup declara ${expected}`)
        }
        declared.delete(name)
        cap = expected
      } else {
        cap = size ?? 0
        await checkRoom(staging, [cap])
      }
      if (name === 'database.sql' && !dump) {
        dump = await saveHashed(entry as Entry, path.join(staging, 'database.sql'), cap, name)
      } else if (name.startsWith('files/')) {
        const key = safeKey(name.slice('files/'.length))
        if (files.has(key)) throw new RestoreRefused(`Arquivo repetido no backup: ${key}`)
        files.set(
          key,
          await saveHashed(entry as Entry, path.join(staging, 'files', key), cap, name),
        )
      } else throw new RestoreRefused(`Entrada inesperada no backup: ${name}`)
    }
    await feeding
  } catch (error) {
    extract.destroy()
    if (error instanceof RestoreRefused) throw error
    throw new RestoreRefused(`Backup ilegível ou incompleto (${(error as Error).message})`)
  }
  if (!info || !manifest || !dump || !sealed) {
    throw new RestoreRefused(
      info?.format === BACKUP_FORMAT && manifest
        ? TAMPERED
        : 'Backup incompleto: faltam backup.json, database.sql ou manifest.json',
    )
  }
  if (dump.size !== manifest.database.size || dump.sha256 !== manifest.database.sha256) {
    throw new RestoreRefused('database.sql não confere com o manifesto (SHA-256 diferente)')
  }
  if (info.filesIncluded) {
    for (const listed of manifest.files) {
      const found = files.get(listed.key)
      if (!found) throw new RestoreRefused(`Falta no backup o arquivo ${listed.key}`)
      if (found.size !== listed.size || found.sha256 !== listed.sha256) {
        throw new RestoreRefused(`Arquivo corrompido no backup: ${listed.key} (SHA-256 diferente)`)
      }
    }
  }
  const listed = new Set(manifest.files.map((f) => f.key))
  const extra = [...files.keys()].find((key) => !listed.has(key))
  if (extra) throw new RestoreRefused(`Arquivo fora do manifesto no backup: ${extra}`)
  const dumpPath = path.join(staging, 'database.sql')
  await checkDump(dumpPath)
  return { info, manifest, dumpPath }
}

/** The dump's statements as the restore sends them: a line ending in `;` ends one (dump.ts). */
async function* statementsOf(dumpPath: string) {
  const lines = createInterface({ input: createReadStream(dumpPath, 'utf8'), crlfDelay: Infinity })
  let statement = ''
  for await (const line of lines) {
    if (!statement && (line === '' || line.startsWith('--'))) continue
    statement += `${line}\n`
    if (!line.endsWith(';')) continue
    yield statement
    statement = ''
  }
  if (statement.trim()) throw new RestoreRefused('database.sql termina no meio de um comando')
}

/**
 * Reads the whole dump before the database is touched: each unit the restore will send must be
 * one whole statement of a kind dump.ts writes (dump-statements.ts). Anything else — COPY … TO
 * PROGRAM, CREATE ROLE, a function body, a call in a default — refuses the archive.
 */
export async function checkDump(dumpPath: string) {
  let n = 0
  for await (const statement of statementsOf(dumpPath)) {
    n += 1
    try {
      checkDumpStatement(statement)
    } catch (error) {
      if (!(error instanceof DumpStatementRefused)) throw error
      throw new RestoreRefused(`database.sql, comando ${n}: ${error.message}. Nada foi gravado.`)
    }
  }
}

/** Runs the dump a batch of whole statements at a time. */
export async function runDump(dumpPath: string, exec: (script: string) => Promise<void>) {
  let batch = ''
  for await (const statement of statementsOf(dumpPath)) {
    batch += statement
    if (batch.length >= BATCH_CHARS) {
      await exec(batch)
      batch = ''
    }
  }
  if (batch) await exec(batch)
}

/** Whether a database holds any table, sequence or view outside the system schemas. */
async function databaseIsEmpty(database: Database) {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%' and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0]!.n === 0
}

/** Loads the dump into `database` in one transaction; `beforeCommit` runs inside it. */
async function loadDump(database: Database, dumpPath: string, beforeCommit = async () => {}) {
  await database.withSession(async (exec) => {
    await exec('BEGIN')
    try {
      await runDump(dumpPath, exec)
      await beforeCommit()
      await exec('COMMIT')
    } catch (error) {
      await exec('ROLLBACK').catch(() => {})
      throw error
    }
    // The dump set the session's search_path; the connection goes back as it came.
    await exec('RESET ALL')
  })
}

/** Moves the staged files folder into place (it was checked empty, so it can be replaced). */
async function placeFiles(stagedFiles: string, filesDir: string) {
  await mkdir(stagedFiles, { recursive: true })
  await rm(filesDir, { recursive: true, force: true })
  await rename(stagedFiles, filesDir)
}

/**
 * `npm run restore`: the archive into an empty target — DATA_DIR (PGlite and its files) or the
 * empty PostgreSQL database of DATABASE_URL, the files into DATA_DIR/files or the S3 bucket.
 * The target is checked before anything is written and the archive before anything reaches
 * the target; the database is loaded in one transaction, so a failure leaves nothing behind.
 */
export async function restoreBackup(
  archive: string,
  config: Config,
  say: (line: string) => void = () => {},
  opts: UnpackOptions = {},
): Promise<RestoreSummary> {
  if (!existsSync(archive)) throw new RestoreRefused(`Arquivo não encontrado: ${archive}`)
  // The key the archive must be signed with: the owner's (flag or BACKUP_KEY), else this
  // DATA_DIR's own (a restore on the machine that made the backup).
  const key = opts.key ?? config.backupKey ?? readStoredKey(config.dataDir)
  const bucket = config.s3 ? new S3Storage(config.s3) : undefined
  let postgres: Database | undefined
  let staging: string | undefined
  let unlock: (() => void) | undefined
  try {
    // 1. The target must be empty: nothing is written before these checks.
    if (config.databaseUrl) {
      postgres = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
      if (!(await databaseIsEmpty(postgres))) {
        throw new RestoreRefused(
          'O banco de DATABASE_URL não está vazio: restaure num banco novo (CREATE DATABASE ...).',
        )
      }
    } else {
      // The folder is this restore's until it ends: a server started on it meanwhile refuses it
      // instead of seeding a demo store into the files being moved in.
      await mkdir(config.dataDir, { recursive: true })
      unlock = lockDataDir(config.dataDir)
      if (existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
        throw new RestoreRefused(
          `DATA_DIR ${config.dataDir} já tem um banco de dados: restaure numa pasta vazia.`,
        )
      }
    }
    if (!bucket && (await localKeys(config.filesDir)).length > 0) {
      throw new RestoreRefused(`${config.filesDir} já tem arquivos: restaure num DATA_DIR vazio.`)
    }
    if (bucket) await bucket.check()

    // 2. The archive, unpacked beside the target and checked whole.
    staging = path.join(config.dataDir, `.restore-${randomUUID()}`)
    await mkdir(staging, { recursive: true })
    say('Conferindo o backup (assinatura, tamanho e SHA-256 de cada arquivo)...')
    const { info, manifest, dumpPath } = await unpackBackup(archive, staging, { ...opts, key })
    const stagedFiles = path.join(staging, 'files')
    if (!info.filesIncluded && !bucket) {
      const where = info.storage.kind === 's3' ? ` (bucket ${info.storage.bucket})` : ''
      throw new RestoreRefused(
        `Este backup não traz os arquivos, que ficavam no armazenamento S3${where}: defina S3_BUCKET e as demais variáveis S3_* para restaurar com eles.`,
      )
    }

    // 3. Files into a bucket: copied (or found already there) and verified one by one.
    const copied: string[] = []
    if (bucket) {
      say(
        info.filesIncluded
          ? 'Enviando os arquivos ao bucket...'
          : 'Conferindo os arquivos no bucket...',
      )
      const keys = manifest.files.map((f) => f.key)
      if (info.filesIncluded) {
        const report = await migrateStorage({
          from: new LocalDiskStorage(stagedFiles),
          to: bucket,
          keys,
        })
        copied.push(...report.copied)
        if (report.failed.length) {
          throw new Error(`falha ao enviar ${report.failed[0]!.key}: ${report.failed[0]!.error}`)
        }
      } else {
        for (const file of manifest.files) {
          if ((await bucket.size(file.key)) !== file.size) {
            throw new RestoreRefused(`Falta no bucket o arquivo ${file.key} (ou o tamanho mudou)`)
          }
          if ((await sha256Of(bucket.read(file.key))) !== file.sha256) {
            throw new RestoreRefused(`Arquivo diferente no bucket: ${file.key} (SHA-256)`)
          }
        }
      }
    }

    // 4. The database, in one transaction; the files folder moves in just before it commits.
    say('Carregando o banco de dados...')
    try {
      if (postgres) {
        await loadDump(postgres, dumpPath, async () => {
          if (!bucket) await placeFiles(stagedFiles, config.filesDir)
        })
      } else {
        const pglite = await openDatabase({ dataDir: staging })
        try {
          await loadDump(pglite, dumpPath)
        } finally {
          await pglite.close()
        }
        if (!bucket) await placeFiles(stagedFiles, config.filesDir)
        await rename(path.join(staging, 'db'), path.join(config.dataDir, 'db'))
      }
    } catch (error) {
      // The objects this restore added to the bucket go too; those already there stay.
      for (const key of copied) await bucket!.remove(key).catch(() => {})
      if (!bucket && !existsSync(stagedFiles) && existsSync(config.filesDir)) {
        await rename(config.filesDir, stagedFiles).catch(() => {})
      }
      throw error
    }
    // The restored store signs its next backups with the key its owner already keeps.
    if (key && !config.backupKey && info.format === BACKUP_FORMAT)
      await keepKey(config.dataDir, key)
    return { info, files: manifest.files.length, database: postgres ? 'postgres' : 'pglite' }
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true })
    await postgres?.close()
    bucket?.close()
    unlock?.()
  }
}
