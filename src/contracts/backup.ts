import { z } from 'zod'

/** GET /api/admin/backup/key: the key the store signs its backups with (decision 022). */
export const BackupKeyAnswer = z.object({
  /** 64 hex characters; a restore on another machine needs it (`--chave`). */
  key: z.string().regex(/^[0-9a-f]{64}$/),
  /** A short name of the key, as written in each archive's signatures. */
  keyId: z.string(),
  /** Set by the server's BACKUP_KEY rather than kept in DATA_DIR/backup.key. */
  fromEnv: z.boolean(),
})
export type BackupKeyAnswer = z.infer<typeof BackupKeyAnswer>

/** One backup the store keeps: GET /api/admin/backups lists them, newest first. */
export const BackupEntry = z.object({
  /** `loja-2026-11-27T06-00-00Z.tar.gz`: the download's name, and its address's last part. */
  name: z.string(),
  createdAt: z.string(),
  bytes: z.number().int(),
  /** Where a copy is: BACKUP_DIR on this machine, the backup bucket off it. */
  where: z.array(z.enum(['dir', 's3'])),
  /** Read back after writing, every hash and both signatures held; never true otherwise. */
  verified: z.boolean(),
  /** Why it is not verified, when the store knows. */
  problem: z.string().nullable(),
  kind: z.enum(['nightly', 'manual', 'premigrate', 'unknown']),
})
export type BackupEntry = z.infer<typeof BackupEntry>
export const BackupList = z.array(BackupEntry)

/** GET /api/admin/backups/status: the schedule and where copies go, for the Backup tab. */
export const BackupStatus = z.object({
  enabled: z.boolean(),
  /** The setting as chosen: 'auto' follows whether the store charges for real. */
  setting: z.enum(['auto', 'on', 'off']),
  hour: z.number().int(),
  keepDaily: z.number().int(),
  keepWeekly: z.number().int(),
  /** The next scheduled run (ISO), null when backups are off. */
  nextRun: z.string().nullable(),
  /** The backup bucket's name, when copies also go off the machine. */
  bucket: z.string().nullable(),
})
export type BackupStatus = z.infer<typeof BackupStatus>

/** POST /api/admin/backup/restore (multipart: `key`, then `backup`): what came back. */
export const RestoreAnswer = z.object({
  /** When the restored backup was taken (ISO). */
  createdAt: z.string(),
  products: z.number().int(),
  orders: z.number().int(),
  files: z.number().int(),
})
export type RestoreAnswer = z.infer<typeof RestoreAnswer>

/** What every page and call answers while a backup is being restored. */
export const MAINTENANCE_MESSAGE =
  'A loja está em manutenção por alguns minutos (restaurando um backup). Tente de novo em seguida.'
