/**
 * What every restore does, whether into an empty store (`npm run restore`, restore.ts) or over
 * the running one (the Backup tab, restore-live.ts): the archive unpacked and checked whole, the
 * files a bucket needs put there first, the dump loaded in one transaction.
 */
import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Database, ScriptExec } from '../db/client.js'
import { migrateStorage } from '../files/migrate-storage.js'
import type { S3Storage } from '../files/s3-storage.js'
import { LocalDiskStorage } from '../files/storage.js'
import { sha256Of, type BackupInfo, type Manifest } from './archive.js'
import { runDump } from './load-dump.js'
import { RestoreRefused } from './restore-refused.js'
import { unpackBackup, type UnpackOptions } from './unpack.js'

export interface StagedArchive {
  info: BackupInfo
  manifest: Manifest
  dumpPath: string
  /** The archive's files, unpacked (empty when they live in a bucket). */
  stagedFiles: string
  /** Objects this restore added to the bucket: removed again if it fails. */
  copied: string[]
}

/**
 * The archive into `staging` with every signature, size and SHA-256 checked, then, with a
 * bucket, its files copied there (or found there, each checked). Nothing of the store is
 * touched but objects added to the bucket, which `dropCopies` takes back.
 */
export async function stageArchive(
  archive: string,
  staging: string,
  bucket: S3Storage | undefined,
  say: (line: string) => void,
  opts: UnpackOptions,
): Promise<StagedArchive> {
  say('Conferindo o backup (assinatura, tamanho e SHA-256 de cada arquivo)...')
  const { info, manifest, dumpPath } = await unpackBackup(archive, staging, opts)
  const stagedFiles = path.join(staging, 'files')
  if (!info.filesIncluded && !bucket) {
    const where = info.storage.kind === 's3' ? ` (bucket ${info.storage.bucket})` : ''
    throw new RestoreRefused(
      `Este backup não traz os arquivos, que ficavam no armazenamento S3${where}: defina S3_BUCKET e as demais variáveis S3_* para restaurar com eles.`,
    )
  }
  const copied: string[] = []
  if (!bucket) return { info, manifest, dumpPath, stagedFiles, copied }
  say(
    info.filesIncluded
      ? 'Enviando os arquivos ao bucket...'
      : 'Conferindo os arquivos no bucket...',
  )
  if (info.filesIncluded) {
    const report = await migrateStorage({
      from: new LocalDiskStorage(stagedFiles),
      to: bucket,
      keys: manifest.files.map((f) => f.key),
    })
    copied.push(...report.copied)
    if (report.failed.length) {
      await dropCopies(bucket, copied)
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
  return { info, manifest, dumpPath, stagedFiles, copied }
}

/** The objects a failed restore added to the bucket go; those already there stay. */
export async function dropCopies(bucket: S3Storage | undefined, copied: string[]) {
  for (const key of copied) await bucket?.remove(key).catch(() => {})
}

/**
 * The dump into `database` in one transaction: `before` runs first in it (clearing the store
 * being replaced), `beforeCommit` last (the files moved into place, a check of what was loaded).
 */
export async function loadDump(
  database: Database,
  dumpPath: string,
  steps: {
    before?: (exec: ScriptExec) => Promise<void>
    beforeCommit?: (exec: ScriptExec) => Promise<void>
  } = {},
) {
  await database.scriptTransaction(async (exec) => {
    await steps.before?.(exec)
    await runDump(dumpPath, exec)
    await steps.beforeCommit?.(exec)
  })
}

/** Moves the staged files folder to `filesDir` (empty or already moved aside). */
export async function placeFiles(stagedFiles: string, filesDir: string) {
  await mkdir(stagedFiles, { recursive: true })
  await rm(filesDir, { recursive: true, force: true })
  await rename(stagedFiles, filesDir)
}

/** After a failed load: the files placed from the archive go back to the staging folder. */
export async function unplaceFiles(stagedFiles: string, filesDir: string) {
  if (!existsSync(stagedFiles) && existsSync(filesDir)) {
    await rename(filesDir, stagedFiles).catch(() => {})
  }
}
