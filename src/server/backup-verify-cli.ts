import path from 'node:path'
import { BackupKeyError, parseBackupKey, readStoredKey } from './backup/backup-key.js'
import { drillLines, restoreDrill } from './backup/restore-drill.js'
import { RestoreRefused } from './backup/restore-refused.js'
import { loadConfig } from './config.js'

const USAGE = 'Uso: npm run backup:verify -- loja-AAAA-MM-DD.tar.gz [--chave <chave>]'

/**
 * `npm run backup:verify -- loja-….tar.gz`: a restore drill the owner can run at any time,
 * even beside a running store (it opens nothing of DATA_DIR but the key).
 */
async function main(argv: string[]) {
  const at = argv.findIndex((a) => a === '--chave' || a.startsWith('--chave='))
  const keyText = at < 0 ? undefined : argv[at]!.includes('=') ? argv[at]!.slice(8) : argv[at + 1]
  const archive = argv.find((arg, i) => !arg.startsWith('-') && !(at >= 0 && i === at + 1))
  if (!archive || (at >= 0 && !keyText)) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig()
  const key =
    keyText !== undefined
      ? parseBackupKey(keyText)
      : (config.backupKey ?? readStoredKey(config.dataDir))
  console.log(`Conferindo ${path.resolve(archive)} num banco descartável (PGlite em memória)...`)
  const { info, rows } = await restoreDrill(path.resolve(archive), { key })
  console.log(`Backup de ${info.createdAt} (${info.database}): linhas no backup, restauradas`)
  for (const line of drillLines(rows)) console.log(`  ${line}`)
  const different = rows.filter((r) => !r.same)
  console.log(
    different.length === 0
      ? `Tudo igual: ${rows.length} tabelas. Este backup restaura.`
      : `${different.length} tabela(s) diferente(s): este backup NÃO restaura como foi feito.`,
  )
  return different.length === 0 ? 0 : 1
}

process.exitCode = await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(
    error instanceof RestoreRefused || error instanceof BackupKeyError
      ? `backup:verify recusado: ${error.message}`
      : `backup:verify falhou: ${error.message}`,
  )
  return 1
})
