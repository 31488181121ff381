/** The target is not empty, or the archive is not whole or not authentic: nothing was written. */
export class RestoreRefused extends Error {}

/** The archive cannot be read to its end (cut, not gzip, not tar): the reader's words kept. */
export class ArchiveDamaged extends RestoreRefused {}

export const MISSING_KEY =
  'Falta a chave do backup: copie-a da aba Backup do painel da loja e passe --chave <chave> (ou defina BACKUP_KEY).'
