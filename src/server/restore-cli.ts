import path from 'node:path'
import { rowCounts } from './backup/archive.js'
import { BackupKeyError, parseBackupKey } from './backup/backup-key.js'
import { RestoreRefused, restoreBackup } from './backup/restore.js'
import { loadConfig } from './config.js'

const USAGE = [
  'Uso: npm run restore -- loja-AAAA-MM-DD.tar.gz [--chave <chave>] [--aceitar-backup-sem-assinatura]',
  '  --chave: a chave de backup da loja (aba Backup do painel); ou defina BACKUP_KEY.',
  '  --aceitar-backup-sem-assinatura: restaura um backup feito antes de a loja assinar os',
  '    backups. Use só com um arquivo que você mesma guardou: o conteúdo dele não é conferido.',
].join('\n')

/** `--chave X`, `--chave=X`. */
function option(argv: string[], name: string): string | undefined {
  const at = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`))
  if (at < 0) return undefined
  return argv[at]!.includes('=') ? argv[at]!.slice(name.length + 1) : argv[at + 1]
}

/** `npm run restore -- loja-2026-11-22.tar.gz --chave …` into an empty DATA_DIR or database (decision 022). */
async function main(argv: string[]) {
  const keyText = option(argv, '--chave')
  const archive = argv.find(
    (arg, i) => !arg.startsWith('-') && !(argv[i - 1] === '--chave' && arg === keyText),
  )
  if (!archive || (argv.includes('--chave') && !keyText)) {
    console.error(USAGE)
    return 2
  }
  const key = keyText === undefined ? undefined : parseBackupKey(keyText)
  const allowUnsigned = argv.includes('--aceitar-backup-sem-assinatura')
  const config = loadConfig()
  const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`
  console.log(`Restaurando ${path.resolve(archive)} → ${target}`)
  if (allowUnsigned) {
    console.log('  Atenção: um backup sem assinatura é aceito; o conteúdo dele não é autenticado.')
  }
  const summary = await restoreBackup(
    path.resolve(archive),
    config,
    (line) => console.log(`  ${line}`),
    { key, allowUnsigned },
  )
  console.log(
    `Backup de ${summary.info.createdAt} restaurado: ${rowCounts(summary.info)}; ${summary.files} arquivos.`,
  )
  return 0
}

process.exitCode = await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(
    error instanceof RestoreRefused || error instanceof BackupKeyError
      ? `restore recusado, nada foi gravado: ${error.message}`
      : `restore falhou, nada foi gravado: ${error.message}`,
  )
  return 1
})
