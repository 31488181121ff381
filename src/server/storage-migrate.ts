import { loadConfig } from './config.js'
import { bucketKeys, localKeys, migrateStorage } from './files/migrate-storage.js'
import { S3Storage } from './files/s3-storage.js'
import { LocalDiskStorage } from './files/storage.js'

/** `npm run storage:migrate [-- --to-disk]`: DATA_DIR/files → S3_BUCKET, or back. */
async function main(argv: string[]) {
  const config = loadConfig()
  if (!config.s3) {
    console.error('storage:migrate: defina S3_BUCKET (e as demais variáveis S3_*) antes.')
    return 2
  }
  const toDisk = argv.includes('--to-disk')
  const disk = new LocalDiskStorage(config.filesDir)
  const bucket = new S3Storage(config.s3)
  try {
    await bucket.check()
    const where = `s3://${config.s3.bucket}`
    console.log(toDisk ? `${where} → ${config.filesDir}` : `${config.filesDir} → ${where}`)
    const report = await migrateStorage({
      from: toDisk ? bucket : disk,
      to: toDisk ? disk : bucket,
      keys: toDisk ? bucketKeys(bucket) : await localKeys(config.filesDir),
      onKey: (key, outcome, detail) =>
        console.log(
          `  ${outcome === 'copied' ? 'copiado  ' : outcome === 'skipped' ? 'já estava' : 'FALHOU   '} ${key}${detail ? `: ${detail}` : ''}`,
        ),
    })
    console.log(
      `${report.copied.length} copiados, ${report.skipped.length} já estavam, ${report.failed.length} falharam`,
    )
    return report.failed.length ? 1 : 0
  } finally {
    bucket.close()
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`storage:migrate: ${error.message}`)
  return 1
})
