import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.js'

/**
 * The key a store signs its backups with (docs/decisions/022-backup-and-restore.md): 32 random
 * bytes written as 64 hex characters. It lives outside the archive — in DATA_DIR/backup.key,
 * or in BACKUP_KEY when the owner keeps it elsewhere — so whoever can read or change an
 * off-site copy cannot forge one. The owner copies it from the admin's Backup tab; a restore on
 * a fresh machine is handed it (`--chave` or BACKUP_KEY).
 */
export const BACKUP_KEY_FILE = 'backup.key'
const KEY_PATTERN = /^[0-9a-f]{64}$/

export class BackupKeyError extends Error {}

/** The key as typed by the owner (spaces and case forgiven), or an error saying what it must be. */
export function parseBackupKey(text: string): string {
  const key = text.replace(/\s+/g, '').toLowerCase()
  if (!KEY_PATTERN.test(key)) {
    throw new BackupKeyError('Chave de backup inválida: são 64 caracteres de 0-9 e a-f.')
  }
  return key
}

/** A short name for a key, written in the archive, so a refusal can say "made with another key". */
export const keyId = (key: string) =>
  createHash('sha256').update(`loja-backup-key-id\0${key}`).digest('hex').slice(0, 12)

const keyPath = (dataDir: string) => path.join(dataDir, BACKUP_KEY_FILE)

/** DATA_DIR/backup.key when it exists (a restore never makes one up). */
export function readStoredKey(dataDir: string): string | undefined {
  try {
    return parseBackupKey(readFileSync(keyPath(dataDir), 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Keeps `key` as this DATA_DIR's backup key (owner-only file), unless it has one already. */
export async function keepKey(dataDir: string, key: string) {
  await mkdir(dataDir, { recursive: true })
  try {
    writeFileSync(keyPath(dataDir), `${key}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
}

/** The store's signing key: BACKUP_KEY, else DATA_DIR/backup.key, made on first use. */
export async function storeBackupKey(config: Pick<Config, 'backupKey' | 'dataDir'>) {
  if (config.backupKey) return config.backupKey
  const stored = readStoredKey(config.dataDir)
  if (stored) return stored
  // 'wx': two first uses at once keep the same key (the loser reads the winner's).
  await keepKey(config.dataDir, randomBytes(32).toString('hex'))
  return readStoredKey(config.dataDir)!
}

/** HMAC-SHA256 over `parts`, each length-prefixed so no two different inputs sign the same. */
export function sign(key: string, label: string, ...parts: Buffer[]): string {
  const mac = createHmac('sha256', Buffer.from(key, 'hex'))
  for (const part of [Buffer.from(label), ...parts]) {
    const length = Buffer.alloc(8)
    length.writeBigUInt64BE(BigInt(part.length))
    mac.update(length).update(part)
  }
  return mac.digest('hex')
}

export function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given))
}
