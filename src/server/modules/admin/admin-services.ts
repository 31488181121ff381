import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { createUserAdmin } from '../accounts/user-admin.js'
import { createAdminCatalog } from '../catalog/admin-products.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { FileStorage } from '../files/storage.js'
import type { OrdersService } from '../orders/orders.service.js'
import { createProductWriteService } from '../products/products.service.js'
import { createUploadJournal } from '../products/upload-journal.js'
import type { SettingsService } from '../settings/settings.service.js'
import { createAdminReports } from './admin-reports.js'
import { createAdminSettings } from './admin-settings.js'
import { createOrderStatusChanger } from './order-status.js'

/** The administration (issue 6) over the other modules' services, wired once for app.ts. */
export function createAdminServices(deps: {
  db: Db
  storage: FileStorage
  config: Config
  catalog: CatalogService
  settings: SettingsService
  orders: OrdersService
  log: FastifyBaseLogger
}) {
  const { db, storage, config, catalog, settings, orders, log } = deps
  const uploadJournal = createUploadJournal({ db, storage, tmpDir: config.tmpDir, log })
  const adminReports = createAdminReports(db)
  return {
    uploadJournal,
    adminReports,
    adminCatalog: createAdminCatalog(db),
    adminSettings: createAdminSettings(settings),
    userAdmin: createUserAdmin(db),
    changeOrderStatus: createOrderStatusChanger({ db, orders, catalog, reports: adminReports }),
    productWrites: createProductWriteService({
      db,
      storage,
      catalog,
      config,
      journal: uploadJournal,
    }),
  }
}
