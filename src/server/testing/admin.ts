import { call } from './commerce.js'
import type { TestStore } from './test-app.js'

/**
 * The owner's calls, bound to a test file's store and admin cookie (both assigned later, in its
 * `beforeAll`): `const { adminCall, setStatus } = adminApi(() => store, () => admin)`.
 */
export function adminApi(storeOf: () => TestStore, cookieOf: () => string) {
  const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(storeOf(), method, url, body, { cookie: cookieOf() })
  return {
    adminCall,
    /** The owner changes an order's status by hand (PUT /api/admin/orders/:id/status). */
    setStatus: (orderId: string, status: string) =>
      adminCall('PUT', `/api/admin/orders/${orderId}/status`, { status }),
  }
}
