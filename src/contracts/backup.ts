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
