import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SETTINGS } from '../../../contracts/settings.js'
import { settings } from './settings.tables.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
beforeAll(async () => {
  store = await createTestStore()
})
afterAll(() => store.close())

describe('settings', () => {
  it('stores every key of the specification with its default', async () => {
    const rows = await store.database.db.select().from(settings)
    const byKey = new Map(rows.map((r) => [r.key, r]))
    for (const definition of SETTINGS) expect(byKey.has(definition.key)).toBe(true)
    expect(byKey.get('max_downloads')).toMatchObject({ value: '3', category: 'downloads' })
    expect(byKey.get('download_link_expiry')).toMatchObject({ value: '30', category: 'downloads' })
  })

  it('shows the public keys and never a secret or payment detail', async () => {
    await store.app.services.settings.set('evolution_api_key', 'segredo-da-evolution')
    await store.app.services.settings.set('pix_key', 'chave-pix-secreta@loja.com')
    await store.app.services.settings.set('footer_email', 'oi@loja.com')
    const res = await store.app.inject({ method: 'GET', url: '/api/settings/public' })
    expect(res.statusCode).toBe(200)
    const body = res.json<Record<string, string>>()
    expect(body.footer_email).toBe('oi@loja.com')
    expect(body).toHaveProperty('whatsapp_number')
    expect(body).toHaveProperty('footer_description')
    expect(Object.keys(body)).not.toContain('evolution_api_key')
    expect(Object.keys(body)).not.toContain('pix_key')
    expect(res.body).not.toContain('segredo-da-evolution')
    expect(res.body).not.toContain('chave-pix-secreta')
  })
})

describe('system routes', () => {
  it('answers the health check when the database answers', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok' })
  })

  it('reports https as secure and plain http on a public host as not', async () => {
    const plain = await store.app.inject({
      method: 'GET',
      url: '/api/security/status',
      headers: { host: 'loja.com.br' },
    })
    expect(plain.json()).toMatchObject({ secure: false })
    const local = await store.app.inject({
      method: 'GET',
      url: '/api/security/status',
      headers: { host: 'localhost:3000' },
    })
    expect(local.json()).toMatchObject({ secure: true })
  })

  it('answers an unknown API route with a JSON message', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/api/nada-aqui' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Rota não encontrada' })
  })

  it('answers malformed JSON with a 400 message in Portuguese', async () => {
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/products/related',
      headers: { 'content-type': 'application/json' },
      payload: '{"cartProductIds": [1,',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'JSON inválido no corpo da requisição' })
  })
})
