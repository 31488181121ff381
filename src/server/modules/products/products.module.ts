import { adminScope } from '../../http/admin-scope.js'
import { defineModule } from '../../kernel/module.js'
import { productWriteRoutes } from './products.routes.js'
import { createProductsService, type ProductsService } from './products.service.js'
import { createUploadJournal, type UploadJournal } from './upload-journal.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    products: ProductsService
    uploadJournal: UploadJournal
  }
}

declare module '../../kernel/events.js' {
  interface DomainEvents {
    /** After a committed write of products: those it changed, when known (else all may have). */
    'product.changed': { productIds?: number[] }
    /**
     * In the write's transaction: what a product's pages are drawn from changed (its main
     * file was uploaded or replaced, or other pages were chosen for its preview).
     */
    'product.main_file_changed': { productId: number }
  }
}

/** The product tables, their files and images; the admin's product writes. */
export const productsModule = defineModule({
  name: 'products',
  needs: ['orderReads', 'bncc'],
  provides: ['products', 'uploadJournal'],
  build: ({ db, deps, log, events }, { orderReads, bncc }) => {
    const { storage, config } = deps
    const uploadJournal = createUploadJournal({ db, storage, tmpDir: config.tmpDir, log })
    const products = createProductsService({
      db,
      storage,
      config,
      journal: uploadJournal,
      hasSales: orderReads.hasSales,
      bncc,
      events,
    })
    return { products, uploadJournal }
  },
  routes: (app) => adminScope(app, productWriteRoutes),
})
