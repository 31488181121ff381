import { TestWhatsappBody, WhatsappConfigBody } from '../../../contracts/messaging.js'
import type { App } from '../../app.js'
import { adminScope } from '../admin/admin-scope.js'
import { readWhatsappConfig, saveWhatsappConfig } from './whatsapp-config.js'

/**
 * The whatsapp tab's calls (SPEC.md section 7), behind the admin guard, and the outbox worker.
 * Every instance runs a worker: claims keep each message to one of them.
 */
export function messagingRoutes(app: App, opts: { backgroundJobs: boolean }) {
  const { messaging } = app.services
  if (opts.backgroundJobs) {
    messaging.worker.start()
    app.addHook('onClose', () => messaging.worker.stop())
  }

  return adminScope(app, (scope) => {
    const { adminSettings, orders } = scope.services
    scope.addHook('onRequest', async (req, reply) => {
      reply.header('cache-control', 'no-store')
      // Without PUBLIC_URL, the owner's own address is the best guess for the buyers' links.
      messaging.baseUrl.learn(`${req.protocol}://${req.host}`)
    })

    scope.get('/api/admin/whatsapp-config', () => readWhatsappConfig(adminSettings))
    scope.post('/api/admin/whatsapp-config', { schema: { body: WhatsappConfigBody } }, (req) =>
      saveWhatsappConfig(adminSettings, req.body),
    )
    scope.get('/api/admin/whatsapp-status', () => messaging.status())
    scope.post('/api/test-whatsapp', { schema: { body: TestWhatsappBody } }, (req) =>
      messaging.sendTest(req.body.orderId, orders),
    )
  })
}
