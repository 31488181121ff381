import { z } from 'zod'
import {
  AdminInvoice,
  InvoiceMonth,
  InvoiceMonthQuery,
  InvoiceOrderParams,
} from '../../../contracts/invoices.js'
import { WebhookAnswer } from '../../../contracts/checkout.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'
import { sendCsv } from '../../lib/csv.js'

/**
 * The nota fiscal: the issuers' webhooks (`/api/webhooks/nfse/<asaas|focusnfe>`, a hint to ask
 * the provider again; anything but a forgery answered 200, as the providers expect) and the
 * owner's 'Notas fiscais' tab (admin only).
 */
export async function invoicesRoutes(app: App) {
  const { invoices } = app.services

  app.post(
    '/api/webhooks/nfse/:provider',
    {
      schema: {
        params: z.object({ provider: z.string().max(40) }),
        response: { 200: WebhookAnswer },
      },
    },
    async (req) => {
      await invoices.handleWebhook(req.params.provider, {
        query: req.query as Record<string, unknown>,
        headers: req.headers,
        body: req.body,
      })
      return { received: true as const }
    },
  )

  await adminScope(app, async (scope) => {
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })

    scope.get('/api/admin/invoices', { schema: { response: { 200: z.array(AdminInvoice) } } }, () =>
      invoices.list(),
    )

    scope.get(
      '/api/admin/invoices/months',
      { schema: { response: { 200: z.array(InvoiceMonth) } } },
      () => invoices.months(),
    )

    scope.get(
      '/api/admin/invoices.csv',
      { schema: { querystring: InvoiceMonthQuery } },
      async (req, reply) => {
        const month = req.query.month ?? new Date().toISOString().slice(0, 7)
        return sendCsv(reply, `notas-fiscais-${month}.csv`, await invoices.csv(month))
      },
    )

    scope.post(
      '/api/admin/invoices/:orderId/retry',
      { schema: { params: InvoiceOrderParams, response: { 200: AdminInvoice } } },
      async (req) => invoices.retry(req.params.orderId),
    )

    scope.post(
      '/api/admin/invoices/:orderId/cancel',
      { schema: { params: InvoiceOrderParams, response: { 200: AdminInvoice } } },
      async (req) => invoices.cancel(req.params.orderId),
    )
  })
}
