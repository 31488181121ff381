import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { App } from '../../app-types.js'
import { sameSecret } from '../../lib/same-secret.js'

/**
 * GET /metrics in Prometheus' text format (prom-client), for the owner's monitoring: request
 * durations per route, orders, revenue, downloads, the outbox, the database pool, and the
 * process (memory, CPU, event loop lag). Only with `Authorization: Bearer <METRICS_TOKEN>`;
 * without a token configured it does not exist (404), as any unknown route.
 *
 * Business figures are read from the database at each scrape, so every instance tells the same
 * and a restart loses nothing; request durations and file transfers are this instance's own.
 */
export function registerMetrics(app: App) {
  const registry = new Registry()
  // Process metrics and request timing only where they can be read (a token configured): a store
  // without METRICS_TOKEN pays nothing per request.
  const enabled = Boolean(app.deps.config.metricsToken)
  if (enabled) collectDefaultMetrics({ register: registry })

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, per route (the route pattern, not the address asked for)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  })
  const transfers = new Counter({
    name: 'loja_file_transfers_total',
    help: 'Files sent by this instance through download links (range: whole file or a resumed part)',
    labelNames: ['range'] as const,
    registers: [registry],
  })
  // One child per series, found by a string: prom-client's label hashing stays off the hot path.
  const series = new Map<string, { observe(seconds: number): void }>()
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${status} ${route}`
    let child = series.get(key)
    if (!child) {
      child = duration.labels({ method, route, status_code: String(status) })
      series.set(key, child)
    }
    child.observe(seconds)
  }
  if (enabled) {
    app.addHook('onResponse', async (req, reply) => {
      // Unknown addresses share one label: a scan must not grow the series without end.
      const route = req.routeOptions.url ?? 'unmatched'
      const status = reply.statusCode
      observe(req.method, route, status, reply.elapsedTime / 1000)
      if (route === '/api/downloads/:token' && req.method === 'GET') {
        if (status === 200) transfers.inc({ range: 'whole' })
        else if (status === 206) transfers.inc({ range: 'part' })
      }
    })
  }

  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] })
  const orders = gauge('loja_orders', 'Orders by their status now', ['status'])
  const created = gauge('loja_orders_created', 'Orders ever placed')
  const paid = gauge('loja_orders_paid', 'Orders ever paid (refunded ones included)')
  const revenue = gauge('loja_revenue_brl', 'Revenue of the orders paid and not refunded, in reais')
  const downloads = gauge('loja_downloads_granted', 'Downloads ever granted to buyers and visitors')
  const outbox = gauge('loja_outbox_messages', 'Outbox messages by channel and status', [
    'channel',
    'status',
  ])
  const pool = gauge('loja_db_pool_connections', 'PostgreSQL pool connections by state', ['state'])
  const draining = gauge('loja_shutting_down', '1 while this instance drains for a restart')

  async function collectFigures() {
    const { orders: ordersService, downloads: downloadsService, messaging } = app.services
    const [figures, granted, messages] = await Promise.all([
      ordersService.figures(),
      downloadsService.granted(),
      messaging.outboxFigures(),
    ])
    orders.reset()
    for (const [status, n] of Object.entries(figures.byStatus)) orders.set({ status }, n)
    created.set(figures.created)
    paid.set(figures.paid)
    revenue.set(figures.revenueCents / 100)
    downloads.set(granted)
    for (const [channel, counts] of Object.entries(messages)) {
      for (const [status, n] of Object.entries(counts)) outbox.set({ channel, status }, n)
    }
    const use = app.deps.database.poolUse()
    pool.reset()
    if (use) {
      pool.set({ state: 'idle' }, use.idle)
      pool.set({ state: 'in_use' }, use.total - use.idle)
      pool.set({ state: 'waiting' }, use.waiting)
      pool.set({ state: 'max' }, use.max)
    }
    draining.set(app.lifecycle.draining ? 1 : 0)
  }

  app.get('/metrics', async (req, reply) => {
    reply.header('cache-control', 'no-store')
    const token = app.deps.config.metricsToken
    if (!token) return reply.code(404).send({ message: 'Rota não encontrada' })
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? ''
    if (!sameSecret(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'Token de métricas ausente ou inválido' })
    }
    await collectFigures()
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
