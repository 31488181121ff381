import { PaymentMethods, WebhookAnswer } from '../../../contracts/checkout.js'
import type { App } from '../../app-types.js'
import { WEBHOOK_PROVIDERS } from './providers/registry.js'
import type { WebhookInput } from './providers/pix-provider.js'

export function paymentsRoutes(app: App) {
  const { payments } = app.services

  // Asked by /checkout-mercadopago before the form, so nobody fills it for a method that is off.
  app.get('/api/payments/methods', { schema: { response: { 200: PaymentMethods } } }, () =>
    payments.methods(),
  )

  // One address per provider that notifies (providers/registry.ts says which, and why each
  // answers as it does); every notification goes through the one payment pipeline.
  const inputOf = (req: { query: unknown; headers: WebhookInput['headers']; body: unknown }) => ({
    query: req.query as Record<string, unknown>,
    headers: req.headers,
    body: req.body,
  })
  for (const { name, rawBody } of WEBHOOK_PROVIDERS) {
    const url = `/api/webhooks/${name}`
    const schema = { response: { 200: WebhookAnswer } }
    if (!rawBody) {
      app.post(url, { schema }, async (req) => {
        await payments.handleWebhook(name, inputOf(req))
        return { received: true as const }
      })
      continue
    }
    // This route alone keeps its JSON body as text, parsed only after the signature holds.
    app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: 256 * 1024 },
        (_req, body, done) => done(null, body),
      )
      scope.post(url, { schema }, async (req) => {
        await payments.handleWebhook(name, inputOf(req))
        return { received: true as const }
      })
    })
  }
}
