import type { FastifyBaseLogger } from 'fastify'
import { startIntervalJob } from '../../lib/interval-job.js'
import type { PreviewsService } from './previews.service.js'

/** A tick finds what a wake-up missed (a row queued on another instance). */
const DRAW_EVERY_MS = 10_000

/**
 * The background side of previews: every instance runs one, drawing one preview at a time.
 * Rows are claimed with SKIP LOCKED, so two instances never draw the same one; a claim left by
 * a crash runs out and is retaken. At start every product is compared with its row first: a
 * product seeded or written while no instance listened gets its preview without a write.
 */
export function startPreviewsJob(previews: PreviewsService, log: FastifyBaseLogger) {
  let synced = false
  const job = startIntervalJob({
    name: 'page-previews',
    everyMs: DRAW_EVERY_MS,
    runAtStart: true,
    run: async () => {
      if (!synced) {
        await previews.sync()
        synced = true
      }
      await previews.drawDue()
    },
    log,
  })
  previews.onQueued(() => void job.runFresh())
  return job
}
