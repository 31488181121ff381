import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../app-types.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { routeRecorder, type RouteEntry } from '../../testing/routes.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { adminScope } from '../../http/admin-scope.js'

/** Every admin call of SPEC.md section 7. */
const ADMIN_ROUTES: RouteEntry[] = [
  { method: 'GET', url: '/api/admin/products-light' },
  { method: 'GET', url: '/api/admin/products' },
  { method: 'GET', url: '/api/admin/products/:id/previews' },
  { method: 'POST', url: '/api/admin/products/:id/previews/retry' },
  { method: 'GET', url: '/api/admin/analytics' },
  { method: 'GET', url: '/api/admin/recovery' },
  { method: 'GET', url: '/api/admin/order-bumps' },
  { method: 'GET', url: '/api/admin/orders' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'GET', url: '/api/admin/whatsapp-config' },
  { method: 'GET', url: '/api/admin/whatsapp-status' },
  { method: 'GET', url: '/api/admin/downloads' },
  { method: 'GET', url: '/api/admin/settings' },
  { method: 'GET', url: '/api/admin/payment-mode' },
  { method: 'GET', url: '/api/admin/backup' },
  { method: 'GET', url: '/api/admin/backup/key' },
  { method: 'POST', url: '/api/admin/backup/restore' },
  { method: 'GET', url: '/api/admin/backups' },
  { method: 'GET', url: '/api/admin/backups/status' },
  { method: 'POST', url: '/api/admin/backups/run' },
  { method: 'GET', url: '/api/admin/backups/:name' },
  { method: 'GET', url: '/api/admin/health' },
  { method: 'PUT', url: '/api/admin/products-light/:id/toggle' },
  { method: 'POST', url: '/api/admin/products/tags' },
  { method: 'POST', url: '/api/admin/bncc-suggestions' },
  { method: 'PUT', url: '/api/admin/orders/:id/status' },
  { method: 'GET', url: '/api/admin/refunds' },
  { method: 'POST', url: '/api/admin/orders/:id/refund' },
  { method: 'POST', url: '/api/admin/refunds/:id/money-returned' },
  { method: 'POST', url: '/api/admin/refunds/:id/decline' },
  { method: 'PUT', url: '/api/admin/users/:id/role' },
  { method: 'POST', url: '/api/admin/settings' },
  { method: 'POST', url: '/api/products' },
  { method: 'POST', url: '/api/products/base64' },
  { method: 'POST', url: '/api/products/base64-multiple' },
  { method: 'PUT', url: '/api/products/:id' },
  { method: 'PUT', url: '/api/products/:id/update-json' },
  { method: 'DELETE', url: '/api/products/:id' },
  { method: 'POST', url: '/api/test-whatsapp' },
  { method: 'POST', url: '/api/test-upload' },
  { method: 'POST', url: '/api/admin/whatsapp-config' },
  { method: 'GET', url: '/api/admin/canva-links' },
  { method: 'POST', url: '/api/admin/canva-links' },
  { method: 'GET', url: '/api/admin/emails' },
  { method: 'POST', url: '/api/admin/emails/:id/resend' },
  { method: 'GET', url: '/api/admin/stamping/fallbacks' },
  { method: 'GET', url: '/api/admin/privacy/lookup' },
  { method: 'GET', url: '/api/admin/privacy/export' },
  { method: 'POST', url: '/api/admin/privacy/anonymize' },
  { method: 'GET', url: '/api/admin/privacy/audit' },
  { method: 'GET', url: '/api/admin/coupons' },
  { method: 'POST', url: '/api/admin/coupons' },
  { method: 'PUT', url: '/api/admin/coupons/:id' },
  { method: 'DELETE', url: '/api/admin/coupons/:id' },
  { method: 'GET', url: '/api/admin/checklist' },
  { method: 'POST', url: '/api/admin/demo/remove' },
  { method: 'POST', url: '/api/admin/store/logo' },
  { method: 'DELETE', url: '/api/admin/store/logo' },
  { method: 'GET', url: '/api/admin/invoices' },
  { method: 'GET', url: '/api/admin/invoices/months' },
  { method: 'GET', url: '/api/admin/invoices.csv' },
  { method: 'POST', url: '/api/admin/invoices/:orderId/retry' },
  { method: 'POST', url: '/api/admin/invoices/:orderId/cancel' },
  { method: 'GET', url: '/api/admin/contact-requests' },
  { method: 'GET', url: '/api/admin/plans' },
  { method: 'POST', url: '/api/admin/plans' },
  { method: 'PUT', url: '/api/admin/plans/:id' },
  { method: 'DELETE', url: '/api/admin/plans/:id' },
  { method: 'POST', url: '/api/admin/plans/:id/image' },
  { method: 'GET', url: '/api/admin/subscriptions' },
  { method: 'POST', url: '/api/admin/subscriptions/:id/cancel' },
  { method: 'POST', url: '/api/admin/subscriptions/:id/free-period' },
  { method: 'GET', url: '/api/admin/clube/figures' },
  { method: 'GET', url: '/api/admin/analytics/sales' },
  { method: 'GET', url: '/api/admin/orders.csv' },
  { method: 'GET', url: '/api/admin/ads/status' },
  { method: 'GET', url: '/api/admin/reviews' },
  { method: 'GET', url: '/api/admin/reviews/pending-count' },
  { method: 'PUT', url: '/api/admin/reviews/:id' },
  { method: 'POST', url: '/api/admin/products/:id/notify-update' },
  { method: 'GET', url: '/api/admin/newsletters' },
  { method: 'POST', url: '/api/admin/newsletters' },
  { method: 'PUT', url: '/api/admin/newsletters/:id' },
  { method: 'GET', url: '/api/admin/newsletters/:id/preview' },
  { method: 'POST', url: '/api/admin/newsletters/:id/test' },
  { method: 'POST', url: '/api/admin/newsletters/:id/send' },
]

/** Admin calls other issues provide (messaging, Canva links); every other one must exist. */
const ELSEWHERE = [
  '/api/admin/whatsapp-config',
  '/api/admin/whatsapp-status',
  '/api/test-whatsapp',
  '/api/admin/canva-links',
]

// A route registered only in this test, inside the guard, so the guard is exercised today even
// before the administration's own routes exist.
const PROBE: RouteEntry = { method: 'POST', url: '/api/admin/guard-probe' }

const sameRoute = (a: RouteEntry, b: RouteEntry) =>
  a.method === b.method && a.url.replace(/:\w+/g, ':p') === b.url.replace(/:\w+/g, ':p')

/** Routes that must be admin-only by their address: the admin API, product writes, tests. */
function looksAdmin({ method, url }: RouteEntry): boolean {
  if (url.startsWith('/api/admin/')) return url !== '/api/admin/login'
  if (url.startsWith('/api/test-')) return true
  const write = method !== 'GET' && method !== 'HEAD'
  // A buyer's review is a write under /api/products that the buyer, not the admin, makes.
  const buyerWrite = url === '/api/products/related' || url === '/api/products/:id/reviews'
  return write && url.startsWith('/api/products') && !buyerWrite
}

let store: TestStore
/** Every route the app has, as Fastify registered it (onRoute), the probe included. */
const recorder = routeRecorder()
let existing: RouteEntry[]
let customer: string
let admin: string

beforeAll(async () => {
  store = await createTestStore({
    onRoute: recorder.onRoute,
    setup: async (app: App) => {
      await adminScope(app, (scope) => {
        scope.post(PROBE.url, async () => ({ reached: true }))
      })
    },
  })
  existing = [...ADMIN_ROUTES, PROBE].filter((r) =>
    recorder.routes.some((found) => sameRoute(found, r)),
  )
  customer = (await customerSession(store.app)).cookie
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

const call = (route: RouteEntry, cookie?: string) =>
  store.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:\w+/g, '1'),
    headers: cookie ? { cookie } : {},
    ...(route.method === 'GET' ? {} : { payload: {} }),
  })

describe('the admin guard', () => {
  it('sees the routes of the whole app, those of the test included', () => {
    expect(recorder.routes).toContainEqual({ method: 'GET', url: '/api/products' })
    expect(recorder.routes).toContainEqual({ method: 'POST', url: '/api/admin/settings' })
    expect(recorder.routes).toContainEqual(PROBE)
  })

  it('covers every admin-looking route the app has', () => {
    const unlisted = recorder.routes
      .filter(looksAdmin)
      .filter((r) => ![...ADMIN_ROUTES, PROBE].some((listed) => sameRoute(listed, r)))
    expect(unlisted, 'add these to ADMIN_ROUTES, inside adminScope').toEqual([])
  })

  it('has every admin route of the administration', () => {
    const missing = ADMIN_ROUTES.filter((r) => !ELSEWHERE.includes(r.url)).filter(
      (r) => !existing.some((found) => sameRoute(found, r)),
    )
    expect(missing).toEqual([])
  })

  it('refuses every existing admin route to anonymous callers (401) and customers (403)', async () => {
    expect(existing.length).toBeGreaterThan(0)
    for (const route of existing) {
      const label = `${route.method} ${route.url}`
      const anonymous = await call(route)
      expect(anonymous.statusCode, label).toBe(401)
      expect(anonymous.json(), label).toHaveProperty('message')
      const asCustomer = await call(route, customer)
      expect(asCustomer.statusCode, label).toBe(403)
      expect(asCustomer.json(), label).toHaveProperty('message')
    }
  })

  it('lets the super administrator through to the handler', async () => {
    const res = await call(PROBE, admin)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ reached: true })
  })

  it('refuses a customer logged out in the meantime as anonymous', async () => {
    const { cookie } = await customerSession(store.app)
    await store.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect((await call(PROBE, cookie)).statusCode).toBe(401)
  })
})
