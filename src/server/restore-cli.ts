import path from 'node:path'
import { rowCounts } from './backup/archive.js'
import { RestoreRefused, restoreBackup } from './backup/restore.js'
import { loadConfig } from './config.js'

/** `npm run restore -- loja-2026-11-22.tar.gz` into an empty DATA_DIR or database (decision 022). */
async function main(argv: string[]) {
  const archive = argv.find((arg) => !arg.startsWith('-'))
  if (!archive) {
    console.error('Uso: npm run restore -- loja-AAAA-MM-DD.tar.gz')
    return 2
  }
  const config = loadConfig()
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`
  console.log(`Restaurando ${path.resolve(archive)} → ${target}`)
  const summary = await restoreBackup(path.resolve(archive), config, (line) =>
    console.log(`  ${line}`),
  )
  console.log(
    `Backup de ${summary.info.createdAt} restaurado: ${rowCounts(summary.info)}; ${summary.files} arquivos.`,
  )
  return 0
}

process.exitCode = await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(
    error instanceof RestoreRefused
      ? `restore recusado, nada foi gravado: ${error.message}`
      : `restore falhou, nada foi gravado: ${error.message}`,
  )
  return 1
})
