import { PaymentMethods, WebhookAnswer } from '../../../contracts/checkout.js'
import type { App } from '../../app-types.js'

export function paymentsRoutes(app: App) {
  const { payments } = app.services

  // Asked by /checkout-mercadopago before the form, so nobody fills it for a method that is off.
  app.get('/api/payments/methods', { schema: { response: { 200: PaymentMethods } } }, async () => {
    const mode = await payments.providers.mode()
    return {
      pix: mode !== 'unavailable',
      card: payments.providers.mercadoPago !== null,
      taxIdRequired: mode === 'asaas',
    }
  })

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

  // Asaas authenticates with the token the owner set on the webhook (`asaas-access-token`);
  // it counts only a 200 as delivered, so everything but a bad token is answered 200.
  app.post('/api/webhooks/asaas', { schema: { response: { 200: WebhookAnswer } } }, async (req) => {
    await payments.handleAsaasWebhook({
      query: req.query as Record<string, unknown>,
      headers: req.headers,
      body: req.body,
    })
    return { received: true as const }
  })

  // Woovi signs the exact bytes it sends: this route alone keeps its JSON body as text, and
  // parses it only after the signature holds (docs/decisions/017, "Woovi").
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    )
    scope.post(
      '/api/webhooks/woovi',
      { schema: { response: { 200: WebhookAnswer } } },
      async (req) => {
        await payments.handleWooviWebhook({
          query: req.query as Record<string, unknown>,
          headers: req.headers,
          body: req.body,
        })
        return { received: true as const }
      },
    )
  })
}
