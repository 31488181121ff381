import type { FastifyBaseLogger } from 'fastify'
import type { ChecklistAnswer, DemoRemoved } from '../../../contracts/store.js'
import type { FileStorage } from '../../files/storage.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import type { PaymentsService } from '../payments/payments.service.js'
import type { ProductsService } from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import type { StampingService } from '../stamping/stamping.service.js'
import {
  demoTextsOf,
  NEUTRAL_TEXTS,
  STORE_TEXT_KEYS,
  STORE_TEXTS,
} from '../../../contracts/store-texts.js'
import { checklistOf } from './store-checklist.js'

/**
 * The owner's first hour: the checklist read from every module's state, and the
 * demo's removal in one transaction across the orders and products modules.
 */
export function createStoreService(deps: {
  settings: SettingsService
  payments: Pick<PaymentsService, 'providers'>
  products: Pick<ProductsService, 'hasActiveDemo' | 'removeDemo' | 'untaggedOnSale'>
  orders: Pick<OrdersService, 'hasDemoOrders' | 'demoOrderIds' | 'removeDemoOrders'>
  stamping: Pick<StampingService, 'copyKeysOf'>
  /** A clube cycle grants purchases with no line of the product: they hold it too. */
  purchases: Pick<PurchasesService, 'productsHeld'>
  storage: FileStorage
  /** After the demo's orders left: the figures and best sellers are read again. */
  salesChanged: () => void
  log: FastifyBaseLogger
}) {
  const { products, orders, stamping, storage, log } = deps

  return {
    async checklist(): Promise<ChecklistAnswer> {
      const [settings, paymentMode, activeDemo, demoOrders, untagged] = [
        await deps.settings.all(),
        await deps.payments.providers.mode(),
        await products.hasActiveDemo(),
        await orders.hasDemoOrders(),
        await products.untaggedOnSale(),
      ]
      const ownerSaved = await deps.settings.ownerSaved(
        STORE_TEXT_KEYS.flatMap((key) => STORE_TEXTS[key].settings),
      )
      return checklistOf({
        settings,
        paymentMode,
        demoLeft: activeDemo || demoOrders,
        ownerSaved,
        untagged,
      })
    },

    /**
     * Demo products, their files and the orders made in demo mode leave the catalogue and the
     * figures; a demo product a real order or any purchase holds (a clube grant included) is
     * deactivated and kept for its buyer. With `replaceTexts`, the texts still in the demo's
     * words get the neutral ones (store-texts.ts); hers stay. One transaction: either all of it
     * or none. The files (disk or S3) follow once it commits.
     */
    async removeDemo({ replaceTexts }: { replaceTexts: boolean }): Promise<DemoRemoved> {
      let copies: string[] = []
      let texts = 0
      const { result, deleted, deactivated } = await products.removeDemo(async (tx, ids) => {
        // The stamped copies' rows go with their orders: their keys are read first.
        copies = await stamping.copyKeysOf(tx, await orders.demoOrderIds(tx))
        const { orderIds, sold } = await orders.removeDemoOrders(tx, ids)
        // Asked after the demo orders left: their purchases went with them.
        const held = await deps.purchases.productsHeld(tx, ids)
        if (replaceTexts) {
          const demo = demoTextsOf(await deps.settings.readNow(tx))
          const settings = demo.flatMap((key) => STORE_TEXTS[key].settings)
          await deps.settings.setIn(
            tx,
            Object.fromEntries(settings.map((key) => [key, NEUTRAL_TEXTS[key]])),
          )
          texts = demo.length
        }
        return { result: orderIds.length, sold: [...new Set([...sold, ...held])] }
      })
      for (const key of copies) {
        await storage.remove(key).catch((err: unknown) => {
          log.warn({ err, key }, 'stamped copy of a demo order left in storage')
        })
      }
      if (texts) deps.settings.changed()
      deps.salesChanged()
      return { products: deleted + deactivated, orders: result, texts }
    },
  }
}

export type StoreService = ReturnType<typeof createStoreService>
