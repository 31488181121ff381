/**
 * A newcomer's first start: the built server (`npm start`'s process) on an empty DATA_DIR, from
 * spawn to the first /healthz 200 (the database made, migrated, the demo catalogue seeded), then
 * a later start on the same folder. The goal for the first: ≤ 5 s. Each start's steps
 * are printed as the server logged them (main.ts: `startupMs`, and `firstStartMs` for the
 * child that prepares an empty folder, first-start.ts).
 */
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer } from './server-process.js'

const GOAL_SECONDS = 5

type Phases = Record<string, number>

const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-first-'))
try {
  console.log('| measure | value | goal | met/missed |')
  console.log('|---|---|---|---|')
  const first = await timedStart()
  const met = first.seconds <= GOAL_SECONDS ? 'met' : 'missed'
  console.log(
    `| first \`npm start\` on an empty DATA_DIR → /healthz 200 | ${first.seconds.toFixed(2)} s | ≤ ${GOAL_SECONDS} s | ${met} |`,
  )
  const later = await timedStart()
  console.log(
    `| later start, same DATA_DIR → /healthz 200 | ${later.seconds.toFixed(2)} s | — | — |`,
  )
  // On a shared machine the seconds follow the share of the cores the start gets; its CPU
  // time does not, and tells a slower start from a busier machine.
  console.log(
    `CPU time to /healthz (server and its child): first ${cpu(first.cpuSeconds)}, later ${cpu(later.cpuSeconds)}`,
  )
  console.log(`first start, server (ms): ${listed(first.startupMs)}`)
  if (first.firstStartMs) console.log(`  its first-start child (ms): ${listed(first.firstStartMs)}`)
  console.log(`later start, server (ms): ${listed(later.startupMs)}`)
} finally {
  await rm(dataDir, { recursive: true, force: true })
}

function cpu(seconds: number | null): string {
  return seconds === null ? '(no /proc here)' : `${seconds.toFixed(2)} s`
}

/** User and system time of a process and of its children it waited for (Linux's /proc). */
function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command's closing parenthesis; utime is the 14th field of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0)
    return ticks / 100 // USER_HZ: 100 on every Linux Node supports
  } catch {
    return null
  }
}

function listed(phases: Phases | undefined): string {
  if (!phases) return '(not logged)'
  return Object.entries(phases)
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ')
}

async function timedStart() {
  let logged: { startupMs?: Phases; firstStartMs?: Phases } = {}
  const started = performance.now()
  const { child } = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, undefined, {
    // The log line `started` carries the steps' times; the rest of the log is not this bench's.
    onLine: (line) => {
      if (line.includes('"startupMs"')) logged = JSON.parse(line)
    },
    pollMs: 25,
  })
  const seconds = (performance.now() - started) / 1000
  const cpuSeconds = cpuSecondsOf(child.pid)
  // The line is written just after listen(): give it the moment a pipe takes.
  for (let i = 0; i < 40 && !logged.startupMs; i++) await new Promise((r) => setTimeout(r, 25))
  await stop(child)
  return { seconds, cpuSeconds, ...logged }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
