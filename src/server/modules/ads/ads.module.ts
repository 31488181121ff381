import { handle } from '../../kernel/events.js'
import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { adsRoutes } from './ads.routes.js'
import { createAdsService, type AdsService } from './ads.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** The ad platforms' server events (Meta, GA4, TikTok) and their status. */
    ads: AdsService
  }
}

export const adsModule = defineModule({
  name: 'ads',
  needs: ['settings'],
  provides: ['ads'],
  build: ({ db, deps, log }, { settings }) => ({
    ads: createAdsService({
      db,
      settings,
      urls: deps.config.ads,
      allowPrivate: deps.config.allowPrivateIntegrations,
      log,
    }),
  }),
  handles: ({ ads }) => [
    // The conversion events are written with the payment (and GA4's refund with the refund).
    ...orderEffectHandlers(ads.orderEffects, { after: ['purchases', 'subscriptions'] }),
    // A payment or refund committed: its events go out now, not at the next tick.
    handle({ event: 'sales.changed', phase: 'committed', run: () => ads.wake() }),
  ],
  routes: adsRoutes,
  jobs: (app) => {
    app.services.ads.start()
    app.addHook('onClose', () => app.services.ads.stop())
  },
})
