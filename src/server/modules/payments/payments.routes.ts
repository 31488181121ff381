import { WebhookAnswer } from '../../../contracts/checkout.js'
import type { App } from '../../app-types.js'

export function paymentsRoutes(app: App) {
  const { payments } = app.services

  // Mercado Pago retries for days unless answered quickly: the lookup is bounded (10 s) and
  // its failures are left to the scheduled re-check; only a forged notification is refused.
  app.post(
    '/api/webhooks/mercadopago',
    { schema: { response: { 200: WebhookAnswer } } },
    async (req) => {
      await payments.handleWebhook({
        query: req.query as Record<string, unknown>,
        headers: req.headers,
        body: req.body,
      })
      return { received: true as const }
    },
  )
}
