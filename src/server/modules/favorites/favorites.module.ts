import { defineModule } from '../../kernel/module.js'
import { startIntervalJob } from '../../lib/interval-job.js'
import { createFavoriteAlerts, type FavoriteAlerts } from './favorite-alerts.js'
import { favoritesRoutes } from './favorites.routes.js'
import { createFavoritesService, type FavoritesService } from './favorites.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** 'Favoritos': the products an account hearted, and her shared link. */
    favorites: FavoritesService
    /** The e-mails telling her a favourite got cheaper or a coupon covers it. */
    favoriteAlerts: FavoriteAlerts
  }
}

/** Half an hour: a price cut or an announced coupon reaches her inbox the same morning. */
const ALERTS_EVERY_MS = 30 * 60_000

export const favoritesModule = defineModule({
  name: 'favorites',
  needs: ['catalog', 'coupons', 'accounts', 'newsletter', 'messaging'],
  provides: ['favorites', 'favoriteAlerts'],
  build: ({ db, log }, { catalog, coupons, accounts, newsletter, messaging }) => ({
    favorites: createFavoritesService({ db, catalog }),
    favoriteAlerts: createFavoriteAlerts({
      db,
      log,
      catalog,
      coupons,
      accounts,
      newsletter,
      messaging,
    }),
  }),
  routes: favoritesRoutes,
  jobs: (app) => {
    const job = startIntervalJob({
      name: 'favorite-alerts',
      everyMs: ALERTS_EVERY_MS,
      ledger: app.services.scheduledJobs,
      run: () => app.services.favoriteAlerts.run(),
      log: app.log,
    })
    app.addHook('onClose', () => job.stop())
  },
})
