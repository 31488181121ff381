import type { ChangeSignal } from '../../lib/change-signal.js'
import type { createCatalogSnapshot } from './catalog-snapshot.js'

// How the catalogue hears of writes, here and on the other instances: the change signal's
// topics, and the best sellers' ranking throttled under a stream of payments.

/** The topics the catalogue tells other instances about (lib/change-signal.ts). */
const TOPIC_PRODUCTS = 'catalog:products'
const TOPIC_SALES = 'catalog:sales'
/** Orders were paid (and none closed): the best sellers are ranked again within a second. */
const TOPIC_PAYMENTS = 'catalog:sales:payments'

/**
 * Payments here re-rank the best sellers at most once in this long (see `salesChanged`): each
 * ranking sums every paid order's lines, which at a hundred payments a second was most of a
 * payment's database time, and also makes every prepared answer again (a new version).
 */
export const SALES_RANKING_EVERY_MS = 1000

/**
 * The catalogue's part of the writes: what a write here refreshes and tells the others, and
 * what the others' writes refresh here.
 */
export function catalogChanges(
  snapshot: ReturnType<typeof createCatalogSnapshot>,
  signal: ChangeSignal,
) {
  const salesRanking = throttled(() => snapshot.changed({ sales: true }), SALES_RANKING_EVERY_MS)
  // The other instances are told of payments as often as they rank again: at most once a
  // second, not once per payment (a NOTIFY each, and a ranking on every instance).
  const tellPayments = throttled(() => signal.publish(TOPIC_PAYMENTS), SALES_RANKING_EVERY_MS)
  // Another instance wrote: refresh as if it had been here. After the signal's connection came
  // back, everything is compared again (what was said meanwhile is lost).
  signal.subscribe(
    (topic) => {
      if (topic === TOPIC_PRODUCTS) snapshot.changed({ products: true })
      if (topic.startsWith(`${TOPIC_PRODUCTS}:`)) {
        const ids = topic
          .slice(TOPIC_PRODUCTS.length + 1)
          .split(',')
          .map(Number)
        if (ids.every((id) => Number.isInteger(id) && id > 0))
          snapshot.changed({ products: true, ids })
        else snapshot.changed({ products: true })
      }
      if (topic === TOPIC_SALES) snapshot.changed({ sales: true })
      if (topic === TOPIC_PAYMENTS) salesRanking()
    },
    () => snapshot.changed({ everything: true, sales: true }),
  )

  return {
    /**
     * Products were written here (`ids` when the writer knows which): refreshed now, and the
     * other instances are told which.
     */
    productsChanged(ids?: number[]) {
      snapshot.changed({ products: true, ids })
      signal.publish(ids?.length ? `${TOPIC_PRODUCTS}:${ids.join(',')}` : TOPIC_PRODUCTS)
    },

    /**
     * An order was paid or closed here: best sellers are ranked again, here and elsewhere.
     * After payments only, at once after a quiet second, else once at the end of that second
     * for all the payments in it; anything else (a refund hides a review's stars) at once.
     */
    salesChanged(change: { onlyPayments?: boolean } = {}) {
      if (change.onlyPayments) {
        salesRanking()
        tellPayments()
      } else {
        snapshot.changed({ sales: true })
        signal.publish(TOPIC_SALES)
      }
    },

    /** A review was moderated here: the stars are read again, here and elsewhere. */
    reviewsChanged() {
      snapshot.changed({ sales: true })
      signal.publish(TOPIC_SALES)
    },

    /** Settles once changes made by other instances are heard. */
    signalReady: () => signal.ready,
  }
}

/**
 * `run` now if it last ran more than `everyMs` ago, else once when that time is up, however
 * many calls came meanwhile. The wait never keeps the process alive.
 */
function throttled(run: () => void, everyMs: number): () => void {
  let lastRun = -Infinity
  let pending: NodeJS.Timeout | null = null
  const fire = () => {
    pending = null
    lastRun = Date.now()
    run()
  }
  return () => {
    if (pending) return
    const wait = lastRun + everyMs - Date.now()
    if (wait <= 0) return fire()
    pending = setTimeout(fire, wait)
    pending.unref()
  }
}
