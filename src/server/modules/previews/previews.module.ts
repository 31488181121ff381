import { handle } from '../../kernel/events.js'
import { defineModule } from '../../kernel/module.js'
import { startPreviewsJob } from './previews-job.js'
import { previewsRoutes } from './previews.routes.js'
import { createPreviewsService, type PreviewsService } from './previews.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** 'Veja por dentro': the chosen pages of each product's PDF, drawn in the background. */
    previews: PreviewsService
  }
}

export const previewsModule = defineModule({
  name: 'previews',
  needs: ['products', 'settings'],
  provides: ['previews'],
  build: ({ db, deps, log }, { products, settings }) => ({
    previews: createPreviewsService({
      db,
      storage: deps.storage,
      config: deps.config,
      log,
      products,
      settings,
    }),
  }),
  // A new main file or a new choice of pages queues the row in the write's transaction; once
  // committed, every changed product is compared again (a file replaced by a link loses its
  // preview) and the worker is woken. The same file and pages leave the row as it is, so a
  // price change draws nothing.
  handles: ({ previews }) => [
    handle({
      event: 'product.main_file_changed',
      phase: 'transaction',
      run: (tx, { productId }) => previews.queueWithin(tx, productId),
    }),
    handle({
      event: 'product.changed',
      phase: 'committed',
      // The catalogue refreshes first: a visitor's next read need not wait for the files' check.
      after: ['catalog'],
      run: async ({ productIds }) => {
        await previews.sync(productIds)
        previews.wake()
      },
    }),
  ],
  routes: previewsRoutes,
  jobs: (app) => {
    const job = startPreviewsJob(app.services.previews, app.log)
    app.addHook('onClose', async () => void (await job.stop()))
  },
})
