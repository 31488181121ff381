import {
  AdminEmails,
  EmailIdParams,
  ResendEmailAnswer,
  TestWhatsappAnswer,
  TestWhatsappBody,
  WhatsappConfig,
  WhatsappConfigBody,
  WhatsappStatus,
} from '../../../contracts/messaging.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'
import { trustedOriginOf } from '../../http/base-url.js'
import { readWhatsappConfig, saveWhatsappConfig } from './whatsapp-config.js'

/**
 * The whatsapp and e-mails tabs' calls (SPEC.md section 7), behind the admin guard.
 * Every instance runs a worker: claims keep each message to one of them.
 */
export function messagingRoutes(app: App) {
  const { messaging } = app.services

  return adminScope(app, (scope) => {
    const { adminSettings, orders } = scope.services
    scope.addHook('onRequest', async (req, reply) => {
      reply.header('cache-control', 'no-store')
      // Without PUBLIC_URL, the owner's own address is the best guess for the buyers' links,
      // if its host is one the owner allowed: the admin's browser may be sent a forged Host.
      const origin = trustedOriginOf(app.deps.config, req)
      if (origin) messaging.baseUrl.learn(origin)
    })

    scope.get('/api/admin/whatsapp-config', { schema: { response: { 200: WhatsappConfig } } }, () =>
      readWhatsappConfig(adminSettings),
    )
    scope.post(
      '/api/admin/whatsapp-config',
      { schema: { body: WhatsappConfigBody, response: { 200: WhatsappConfig } } },
      (req) => saveWhatsappConfig(adminSettings, req.body),
    )
    scope.get('/api/admin/whatsapp-status', { schema: { response: { 200: WhatsappStatus } } }, () =>
      messaging.status(),
    )
    scope.post(
      '/api/test-whatsapp',
      { schema: { body: TestWhatsappBody, response: { 200: TestWhatsappAnswer } } },
      (req) => messaging.sendTest(req.body.orderId, orders),
    )
    scope.get('/api/admin/emails', { schema: { response: { 200: AdminEmails } } }, () =>
      messaging.mail.list(),
    )
    scope.post(
      '/api/admin/emails/:id/resend',
      { schema: { params: EmailIdParams, response: { 200: ResendEmailAnswer } } },
      (req) => messaging.mail.resend(req.params.id),
    )
  })
}
