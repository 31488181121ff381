import type { FastifyBaseLogger } from 'fastify'
import { startIntervalJob, type IntervalJob } from '../../lib/interval-job.js'
import type { StampingService } from './stamping.service.js'

const STAMP_EVERY_MS = 2_000
const CLEANUP_EVERY_MS = 60 * 60 * 1000

/**
 * The background side of stamping: every instance runs one. Rows are claimed with SKIP LOCKED,
 * so two instances never stamp the same copy; a claim left by a crash runs out and is retried.
 */
export function startStampingJobs(stamping: StampingService, log: FastifyBaseLogger) {
  const jobs: IntervalJob[] = [
    startIntervalJob({
      name: 'pdf-stamping',
      everyMs: STAMP_EVERY_MS,
      runAtStart: true,
      run: () => stamping.stampDue(),
      log,
    }),
    startIntervalJob({
      name: 'stamped-copies-cleanup',
      everyMs: CLEANUP_EVERY_MS,
      runAtStart: true,
      run: () => stamping.cleanup(),
      log,
    }),
  ]
  return { stop: () => Promise.all(jobs.map((job) => job.stop())) }
}
