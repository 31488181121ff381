import { createRateLimiter, MemoryCounterStore, type RateLimiter } from '../../http/rate-limit.js'
import { RedisCounterStore } from '../../http/rate-limit-redis.js'
import type { JobLedger } from '../../lib/interval-job.js'
import { defineModule } from '../../kernel/module.js'
import { registerMetrics } from './metrics.js'
import { createScheduledJobs } from './scheduled-jobs.service.js'
import { systemRoutes } from './system.routes.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** When each scheduled job last ran, on any instance (startIntervalJob's ledger). */
    scheduledJobs: JobLedger
    /** Shared by every limited call (login, register, guest look-up), in memory or in Redis. */
    limiter: RateLimiter
  }
}

/** What every instance answers about itself: /healthz, /readyz, /metrics, the jobs' ledger. */
export const systemModule = defineModule({
  name: 'system',
  needs: [],
  provides: ['scheduledJobs', 'limiter'],
  build: ({ db, redis, deps }) => ({
    scheduledJobs: createScheduledJobs(db),
    limiter: createRateLimiter(
      redis ? new RedisCounterStore(redis) : new MemoryCounterStore(),
      deps.rateLimits,
    ),
  }),
  routes: (app, { readiness }) => {
    systemRoutes(app, readiness)
    registerMetrics(app)
  },
})
