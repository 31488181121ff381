import { defineModule } from '../../kernel/module.js'
import { favoritesRoutes } from './favorites.routes.js'
import { createFavoritesService, type FavoritesService } from './favorites.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** 'Favoritos': the products an account hearted. */
    favorites: FavoritesService
  }
}

export const favoritesModule = defineModule({
  name: 'favorites',
  needs: ['catalog'],
  provides: ['favorites'],
  build: ({ db }, { catalog }) => ({ favorites: createFavoritesService({ db, catalog }) }),
  routes: favoritesRoutes,
})
