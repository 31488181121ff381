import { randomBytes } from 'node:crypto'
import type { DownloadAnswer } from '../../contracts/downloads.js'
import { newIp } from './auth.js'
import { call, guestCheckout, newCartSession } from './commerce.js'
import type { TestStore } from './test-app.js'

export interface GuestBuyer {
  orderId: string
  email: string
  whatsapp: string
}

/**
 * A guest's purchase made the real way: checkout, then the demo confirmation (no PIX
 * configured), which pays the order and grants `max_downloads × quantity`.
 */
export async function buyAsGuest(
  store: TestStore,
  productId: number,
  opts: { quantity?: number; whatsapp?: string; email?: string } = {},
): Promise<GuestBuyer> {
  const session = newCartSession()
  const email = opts.email ?? `compradora.${randomBytes(4).toString('hex')}@exemplo.com`
  const whatsapp = opts.whatsapp ?? '(11) 98765-4321'
  const { order } = await guestCheckout(
    store,
    session,
    [{ productId, quantity: opts.quantity ?? 1 }],
    { email, whatsapp },
  )
  const paid = await call(
    store,
    'POST',
    `/api/orders/${order.id}/confirm-payment`,
    { paymentData: { confirmedAt: new Date().toISOString() } },
    { session },
  )
  if (paid.statusCode !== 200) throw new Error(`confirm failed: ${paid.statusCode} ${paid.body}`)
  return { orderId: order.id, email, whatsapp }
}

/** POST /api/guest-download from a fresh IP (rate limits are per IP), links only. */
export function guestDownload(store: TestStore, buyer: GuestBuyer, productId: number) {
  return store.app.inject({
    method: 'POST',
    url: '/api/guest-download?data=0',
    payload: { productId, email: buyer.email, whatsapp: buyer.whatsapp },
    remoteAddress: newIp(),
  })
}

/** A download that must be granted: its answer. */
export async function grantedDownload(store: TestStore, buyer: GuestBuyer, productId: number) {
  const res = await guestDownload(store, buyer, productId)
  if (res.statusCode !== 200) throw new Error(`download refused: ${res.statusCode} ${res.body}`)
  return res.json<DownloadAnswer>()
}

export function fetchLink(store: TestStore, url: string, headers: Record<string, string> = {}) {
  return store.app.inject({ method: 'GET', url, headers })
}
