import { createWriteStream, existsSync } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { backupFileName, rowCounts, startBackup } from './backup/archive.js'
import { keyId, storeBackupKey } from './backup/backup-key.js'
import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { DataDirInUseError } from './db/data-dir-lock.js'
import { createStorage } from './files/create-storage.js'

/** `npm run backup [-- --out loja-2026-11-22.tar.gz]` (docs/decisions/022-backup-and-restore.md). */
async function main(argv: string[]) {
  const config = loadConfig()
  const at = argv.indexOf('--out')
  const out = path.resolve(at >= 0 && argv[at + 1] ? argv[at + 1]! : backupFileName())
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    console.error(`backup: não há banco de dados em ${config.dataDir} (DATA_DIR).`)
    return 2
  }
  let database
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    console.error(
      [
        `backup: ${error.message}.`,
        'Com o servidor rodando, baixe o backup pela aba "Backup" do /admin (GET /api/admin/backup),',
        'ou pare o servidor e rode o comando de novo.',
        `Se nenhum servidor usa mesmo essa pasta, apague ${path.join(error.dataDir, 'db.lock')}.`,
        `(The store is running on this DATA_DIR: take the backup from /admin's Backup tab, or stop it first.)`,
      ].join('\n'),
    )
    return 1
  }
  const storage = createStorage(config)
  const partial = `${out}.part`
  try {
    const { stream, info } = await startBackup({ database, storage, config })
    // Written beside and renamed at the end: a cut backup never looks like a whole one.
    await pipeline(stream, createWriteStream(partial))
    await rename(partial, out)
    console.log(`Backup gravado: ${out} (${((await stat(out)).size / 1e6).toFixed(1)} MB)`)
    console.log(`  banco (${info.database}): ${rowCounts(info)}`)
    // A restore elsewhere needs the key: say which one signed it and where it is kept.
    const key = await storeBackupKey(config)
    console.log(
      `  assinado com a chave ${keyId(key)} (${config.backupKey ? 'BACKUP_KEY' : path.join(config.dataDir, 'backup.key')}): guarde-a separada do backup; a restauração em outra máquina pede --chave`,
    )
    console.log(
      info.filesIncluded
        ? '  arquivos: todos, com tamanho e SHA-256 no manifest.json'
        : `  arquivos: ficam no bucket ${info.storage.kind === 's3' ? info.storage.bucket : ''}; o backup traz só a lista (chave, tamanho, SHA-256)`,
    )
    return 0
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    await database.close()
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`backup: ${error.message}`)
  return 1
})
