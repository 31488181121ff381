import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

const PURGE_EVERY_MS = 60 * 60 * 1000

/** Expired codes, links and accesses are deleted hourly; expiry is enforced on read regardless. */
export function startGuestAccessJobs(app: App) {
  const job = startIntervalJob({
    name: 'purge-guest-access',
    everyMs: PURGE_EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.guestAccess.purgeExpired(),
    log: app.log,
  })
  app.addHook('onClose', () => job.stop())
}
