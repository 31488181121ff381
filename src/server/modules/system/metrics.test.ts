import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyAsGuest, fetchLink, grantedDownload } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

const TOKEN = 'metricas-0123456789-abcdef'
let store: TestStore

beforeAll(async () => {
  store = await createTestStore({ env: { METRICS_TOKEN: TOKEN } })
})
afterAll(() => store?.close())

const scrape = (authorization?: string) =>
  store.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  })

/** The value of one series (`name{labels}` exactly as printed), or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('/metrics', () => {
  it('does not exist without a METRICS_TOKEN configured', async () => {
    const configured = store.app.deps.config.metricsToken
    store.app.deps.config.metricsToken = undefined
    try {
      const res = await scrape(`Bearer ${TOKEN}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Rota não encontrada' })
    } finally {
      store.app.deps.config.metricsToken = configured
    }
  })

  it('refuses a missing, wrong or almost-right token', async () => {
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN]) {
      const res = await scrape(header)
      expect(res.statusCode, header).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"')
      expect(res.json()).toEqual({ message: 'Token de métricas ausente ou inválido' })
      expect(res.body).not.toContain('loja_')
    }
  })

  it('tells orders, revenue, downloads, the outbox and request durations per route', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body
    expect(valueOf(before, 'loja_orders_created')).toBe(0)
    expect(valueOf(before, 'loja_revenue_brl')).toBe(0)

    const product = await insertProduct(store, { priceCents: 1990 })
    const buyer = await buyAsGuest(store, product.id, { quantity: 2 })
    const link = await grantedDownload(store, buyer, product.id)
    expect((await fetchLink(store, link.downloadUrl)).statusCode).toBe(200)
    expect((await fetchLink(store, link.downloadUrl, { range: 'bytes=0-3' })).statusCode).toBe(206)
    await store.app.inject({ method: 'GET', url: '/api/products' })
    await store.app.inject({ method: 'GET', url: '/api/nada-aqui-123' })

    const res = await scrape(`Bearer ${TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = res.body
    expect(valueOf(text, 'loja_orders_created')).toBe(1)
    expect(valueOf(text, 'loja_orders_paid')).toBe(1)
    expect(valueOf(text, 'loja_orders{status="paid"}')).toBe(1)
    expect(valueOf(text, 'loja_revenue_brl')).toBe(39.8)
    expect(valueOf(text, 'loja_downloads_granted')).toBe(1)
    expect(valueOf(text, 'loja_file_transfers_total{range="whole"}')).toBe(1)
    expect(valueOf(text, 'loja_file_transfers_total{range="part"}')).toBe(1)
    // The order's e-mails wait in the outbox (no SMTP here), none failed.
    expect(valueOf(text, 'loja_outbox_messages{channel="email",status="pending"}')).toBeGreaterThan(
      0,
    )
    expect(valueOf(text, 'loja_outbox_messages{channel="email",status="failed"}')).toBe(0)
    expect(valueOf(text, 'loja_shutting_down')).toBe(0)
    // Per route pattern, never per address: the unknown one shares a label.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products",status_code="200"\} 1/,
    )
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/checkout",status_code="201"\} 1/,
    )
    expect(text).toContain('route="unmatched",status_code="404"')
    expect(text).not.toContain('nada-aqui')
    expect(text).toContain('process_resident_memory_bytes')
    if (store.database.kind === 'postgres') {
      expect(valueOf(text, 'loja_db_pool_connections{state="max"}')).toBeGreaterThan(0)
      expect(valueOf(text, 'loja_db_pool_connections{state="waiting"}')).toBe(0)
    } else {
      expect(text).not.toContain('loja_db_pool_connections{')
    }
  })
})
