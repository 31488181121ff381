import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { startIntervalJob } from './interval-job.js'

const silent = { error: () => {} } as unknown as FastifyBaseLogger
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('startIntervalJob', () => {
  it('runs at start and on every tick, never two at a time, and stop waits for the run under way', async () => {
    let runs = 0
    let concurrent = 0
    let maxConcurrent = 0
    let finished = 0
    const job = startIntervalJob({
      name: 'test',
      everyMs: 10,
      runAtStart: true,
      log: silent,
      run: async () => {
        runs++
        maxConcurrent = Math.max(maxConcurrent, ++concurrent)
        await sleep(25)
        concurrent--
        finished++
      },
    })
    await sleep(5)
    expect(runs).toBe(1)
    await sleep(80)
    await job.stop()
    expect(finished).toBe(runs)
    expect(maxConcurrent).toBe(1)
    expect(runs).toBeGreaterThan(1)
    const after = runs
    await sleep(40)
    expect(runs).toBe(after)
  })

  it('keeps going after a failed run', async () => {
    let runs = 0
    const job = startIntervalJob({
      name: 'failing',
      everyMs: 10,
      log: silent,
      run: async () => {
        runs++
        throw new Error('boom')
      },
    })
    await sleep(45)
    await job.stop()
    expect(runs).toBeGreaterThan(1)
  })
})
