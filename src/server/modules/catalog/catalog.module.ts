import { handle } from '../../kernel/events.js'
import { defineModule } from '../../kernel/module.js'
import { catalogRoutes } from './catalog.routes.js'
import { createCatalogService, type CatalogService } from './catalog.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    catalog: CatalogService
  }
}

/** The storefront's catalogue, held in memory and rebuilt when products, sales or stars change. */
export const catalogModule = defineModule({
  name: 'catalog',
  needs: ['products', 'orderReads', 'reviewReads', 'bncc', 'previews'],
  provides: ['catalog'],
  build: ({ deps, signal }, { products, orderReads, reviewReads, bncc, previews }) => ({
    catalog: createCatalogService(
      {
        products,
        unitsSold: orderReads.unitsSold,
        ratings: reviewReads.summaries,
        previews: async (ids) => {
          const drawn = await previews.publicOf(ids)
          return new Map(
            [...drawn].map(([id, d]) => [id, { previews: d.previews, previewStatus: d.status }]),
          )
        },
        skillScores: bncc.skillScores,
        skillsMatching: (words) => bncc.search({ q: words, ano: [], componente: [] }),
      },
      deps.storage,
      signal,
    ),
  }),
  handles: ({ catalog }) => [
    handle({
      event: 'product.changed',
      phase: 'committed',
      run: ({ productIds }) => catalog.productsChanged(productIds),
    }),
    handle({
      event: 'sales.changed',
      phase: 'committed',
      run: (change) => catalog.salesChanged(change),
    }),
    handle({ event: 'review.changed', phase: 'committed', run: () => catalog.reviewsChanged() }),
    // Settings are read again first (the catalogue's cards read the store's settings).
    handle({
      event: 'store.restored',
      phase: 'committed',
      after: ['settings'],
      run: () => {
        catalog.productsChanged()
        catalog.salesChanged()
      },
    }),
  ],
  routes: catalogRoutes,
})
