/**
 * A newcomer's first start: the built server (`npm start`'s process) on an empty DATA_DIR, from
 * spawn to the first /healthz 200 (the database made, migrated, the demo catalogue seeded), then
 * a later start on the same folder. Issue 33's goal for the first: ≤ 5 s.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer } from './server-process.js'

const GOAL_SECONDS = 5

const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-first-'))
try {
  const first = await timedStart()
  console.log(
    `first start, empty DATA_DIR → /healthz 200: ${first.toFixed(2)} s  (goal ≤ ${GOAL_SECONDS} s: ${first <= GOAL_SECONDS ? 'met' : 'missed'})`,
  )
  const later = await timedStart()
  console.log(`later start, same DATA_DIR → /healthz 200: ${later.toFixed(2)} s`)
} finally {
  await rm(dataDir, { recursive: true, force: true })
}

async function timedStart(): Promise<number> {
  const started = performance.now()
  const { child } = await startServer({ DATA_DIR: dataDir })
  const seconds = (performance.now() - started) / 1000
  await stop(child)
  return seconds
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
