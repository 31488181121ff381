/**
 * The archive unpacked into a staging folder and checked (docs/decisions/022): the header's
 * signature before a byte is written, every entry capped at its declared size as it streams,
 * then the manifest's signature, the SHA-256s and the dump's statements.
 */
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, statfs } from 'node:fs/promises'
import path from 'node:path'
import { finished, pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import tar from 'tar-stream'
import {
  BACKUP_FORMAT,
  signHeader,
  signManifest,
  UNSIGNED_FORMAT,
  type BackupInfo,
  type BackupSignature,
  type Manifest,
} from './archive.js'
import { keyId, signatureMatches } from './backup-key.js'
import { checkDump } from './load-dump.js'
import { ArchiveDamaged, MISSING_KEY, RestoreRefused } from './restore-refused.js'

/** backup.json and manifest.json are read whole: kept small. */
const MAX_JSON_BYTES = 64 * 1024 * 1024
const MAX_SIG_BYTES = 4 * 1024
/** No entry is larger than this, whatever an archive declares (uploads are 500 MB by default). */
export const MAX_ENTRY_BYTES = 16 * 1024 ** 3
/** Room left on the target's disk after the archive's declared contents. */
const DISK_MARGIN_BYTES = 256 * 1024 * 1024

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
    throw new ArchiveDamaged(`Backup ilegível ou incompleto (${(error as Error).message})`)
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
