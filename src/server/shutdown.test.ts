import { execFileSync } from 'node:child_process'
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { stdoutLog } from './shutdown.js'

/** The log's stdout writer on a real pipe (a FIFO) whose reader stalls, then goes away. */
const dir = mkdtempSync(path.join(tmpdir(), 'loja-log-pipe-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('never blocks on a reader that stopped reading, and ends quietly when it goes away', async () => {
  const fifo = path.join(dir, 'stdout')
  execFileSync('mkfifo', [fifo])
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
  // Blocking, as a process's stdout pipe usually is: a write waits while the pipe is full.
  const writer = openSync(fifo, 'w')
  try {
    const log = stdoutLog(writer, 256 * 1024)
    const line = `${JSON.stringify({ level: 30, msg: 'x'.repeat(200) })}\n`
    const started = performance.now()
    // 5 MB of lines into a 64 KB pipe nobody reads: each call returns at once.
    for (let i = 0; i < 25_000; i++) log.write(line)
    expect(performance.now() - started).toBeLessThan(2_000)

    // What the reader finds is whole lines, in order, up to what the pipe held.
    const first = Buffer.alloc(4096)
    await log.settle(100)
    const n = readSync(reader, first)
    expect(first.subarray(0, n).toString().startsWith(line)).toBe(true)

    // The reader goes away: the write waiting on the full pipe fails with EPIPE, and that is all.
    closeSync(reader)
    const closed = performance.now()
    await log.settle(5_000)
    expect(performance.now() - closed).toBeLessThan(2_000)
    log.write(line)
    await log.settle(5_000)
    expect(performance.now() - closed).toBeLessThan(2_000)
  } finally {
    closeSync(writer)
  }
})
