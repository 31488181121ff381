import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * A PGlite folder may be opened by one process only: Postgres' own postmaster.pid guard does not
 * exist in PGlite, and two processes writing one folder corrupt it. The process that opens it
 * writes its pid to `DATA_DIR/db.lock` and removes it on close; a lock whose process is gone (a
 * crash, a SIGKILL) is taken over. `npm run backup` and `npm run restore` rely on it to refuse a
 * folder a running server owns (docs/decisions/022-backup-and-restore.md).
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} está em uso pelo processo ${pid} (um servidor da loja rodando)`)
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'db.lock')
  const mine = String(process.pid)
  try {
    writeFileSync(file, mine, { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const holder = Number(readFileSync(file, 'utf8').trim())
    // Held by this process already (its server, a test's store): that holder releases it.
    if (holder === process.pid) return () => {}
    if (holder && alive(holder)) throw new DataDirInUseError(dataDir, holder)
    writeFileSync(file, mine)
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) rmSync(file, { force: true })
    } catch {
      // Already gone: nothing to release.
    }
  }
}
