/**
 * Where the scheduled backups go: BACKUP_DIR on this machine, and the backup bucket
 * (BACKUP_S3_*) off it. Both answer the same few questions, so the service writes, reads back,
 * lists and removes a copy the same way in each.
 */
import { createReadStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { Config } from '../config.js'
import { S3Storage } from '../files/s3-storage.js'

export type BackupWhere = 'dir' | 's3'

export interface BackupDestination {
  where: BackupWhere
  /** The archive at `file` stored under `name`. */
  put(name: string, file: string): Promise<void>
  read(name: string): Readable
  /** Every backup archive held, by name, with its size. */
  list(): Promise<{ name: string; bytes: number }[]>
  remove(name: string): Promise<void>
  close(): void
}

/** `loja-2026-11-27T06-00-00Z.tar.gz`: the instant in UTC, sortable, safe in any path. */
export const BACKUP_NAME = /^loja-\d{4}-\d{2}-\d{2}(T\d{2}-\d{2}-\d{2}(-\d{3})?Z)?\.tar\.gz$/

export function scheduledBackupName(at: Date) {
  return `loja-${at
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d{3}Z$/, 'Z')}.tar.gz`
}

export function dirDestination(dir: string): BackupDestination {
  return {
    where: 'dir',
    async put() {
      // The archive is written in this folder already (beside its final name, then renamed).
    },
    read: (name) => createReadStream(path.join(dir, name)),
    async list() {
      await mkdir(dir, { recursive: true })
      const names = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name))
      const found = await Promise.all(
        names.map(async (name) => {
          const info = await stat(path.join(dir, name)).catch(() => null)
          return info?.isFile() ? { name, bytes: info.size } : null
        }),
      )
      return found.filter((f) => f !== null)
    },
    remove: (name) => rm(path.join(dir, name), { force: true }),
    close() {},
  }
}

export function s3Destination(settings: NonNullable<Config['backups']['s3']>): BackupDestination {
  const bucket = new S3Storage(settings)
  return {
    where: 's3',
    async put(name, file) {
      await bucket.put(name, createReadStream(file))
    },
    read: (name) => bucket.read(name),
    async list() {
      const found: { name: string; bytes: number }[] = []
      for await (const { key, size } of bucket.list()) {
        if (BACKUP_NAME.test(key)) found.push({ name: key, bytes: size })
      }
      return found
    },
    remove: (name) => bucket.remove(name),
    close: () => bucket.close(),
  }
}

/** The destinations the configuration names: always the folder, and the bucket when set. */
export function backupDestinations(config: Pick<Config, 'backups'>): BackupDestination[] {
  const { dir, s3 } = config.backups
  return s3 ? [dirDestination(dir), s3Destination(s3)] : [dirDestination(dir)]
}
