import type { FastifyReply, FastifyRequest } from 'fastify'
import { PeriodQuery, SalesAnalytics, type FunnelStep } from '../../../contracts/analytics.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'
import { sendCsv } from '../../lib/csv.js'

/**
 * Which answered request is which funnel step: the pages and the API calls a buyer already
 * makes (no tracking call of its own). A product page is a visit and a product view; the API's
 * product read is a view after navigating inside the store.
 */
function stepsOf(req: FastifyRequest, reply: FastifyReply): FunnelStep[] {
  const route = `${req.method} ${req.routeOptions.url ?? ''}`
  const ok = reply.statusCode
  if (ok !== 200 && ok !== 201) return []
  switch (route) {
    case 'GET /':
      return ['visits']
    case 'GET /produto/:id':
      return ['visits', 'productViews']
    case 'GET /api/products/:id':
      return ['productViews']
    case 'POST /api/cart':
      return ['addToCart']
    // The checkout screen asks which payment methods exist before the buyer types.
    case 'GET /api/payments/methods':
      return ['checkoutStarted']
    // The clube's 'Assinar' makes its first period's PIX as a checkout makes an order's.
    case 'POST /api/checkout':
    case 'POST /api/subscriptions':
      return ['pixGenerated']
    default:
      return []
  }
}

export async function analyticsRoutes(app: App) {
  const { funnel, salesReport } = app.services

  // A plain callback, not an async function: it runs after every answer, and a promise each
  // time costs the prepared reads (http/prepared-lane.ts) a measurable share.
  app.addHook('onResponse', (req, reply, done) => {
    for (const step of stepsOf(req, reply)) funnel.track(step, req)
    done()
  })

  await adminScope(app, (scope) => {
    scope.get(
      '/api/admin/analytics/sales',
      { schema: { querystring: PeriodQuery, response: { 200: SalesAnalytics } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store')
        const [sales, mostFavorited] = await Promise.all([
          salesReport.sales(req.query),
          // The period's first day in São Paulo (no daylight saving time since 2019: UTC−3).
          app.services.favorites.mostFavorited(new Date(`${req.query.from}T00:00:00-03:00`)),
        ])
        return { ...sales, mostFavorited }
      },
    )

    scope.get(
      '/api/admin/orders.csv',
      { schema: { querystring: PeriodQuery } },
      async (req, reply) => {
        const { from, to } = req.query
        return sendCsv(reply, `pedidos-${from}-a-${to}.csv`, await salesReport.ordersCsv(req.query))
      },
    )
  })
}
