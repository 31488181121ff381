import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

export const INVOICES_EVERY_MS = 60 * 1000

/**
 * The notas due (to issue, to ask about, to cancel), every minute: each instance claims its
 * own rows, so several running the job never work one nota twice at once.
 */
export function startInvoiceJobs(app: App) {
  const job = startIntervalJob({
    name: 'invoices',
    everyMs: INVOICES_EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.invoices.runDue(),
    log: app.log,
  })
  app.addHook('onClose', () => job.stop())
}
