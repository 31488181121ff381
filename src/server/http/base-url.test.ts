import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeBuiltClient } from '../testing/built-client.js'
import { call, newCartSession } from '../testing/commerce.js'
import { startFakeMercadoPago, type FakeMercadoPago } from '../testing/fake-mercadopago.js'
import { insertProduct } from '../testing/fixtures.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'

const EVIL = 'evil.example'

let fake: FakeMercadoPago
let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let productId: number
beforeAll(async () => {
  fake = await startFakeMercadoPago()
  client = await writeBuiltClient()
  // No PUBLIC_URL: the case where links used to follow the Host header.
  store = await createTestStore({
    clientDir: client.dir,
    env: {
      MERCADOPAGO_ACCESS_TOKEN: fake.token,
      MERCADOPAGO_API_URL: fake.url,
      ALLOWED_HOSTS: 'loja.com.br',
      PORT: '4321',
    },
  })
  productId = (await insertProduct(store, { name: 'Kit Sílabas', priceCents: 1990 })).id
})
afterAll(async () => {
  await store.close()
  await fake.close()
  await client.remove()
})

const page = (url: string, host: string) =>
  store.app.inject({ method: 'GET', url, headers: { host } })

const linksIn = (html: string) => ({
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
  ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1],
  ogImage: /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1],
})

/** A card checkout through the fake Mercado Pago; the preference it was sent. */
async function cardPreference(host: string) {
  const res = await call(
    store,
    'POST',
    '/api/create-order-mercadopago',
    {
      items: [{ productId, quantity: 1 }],
      customer: {
        firstName: 'Carla',
        lastName: 'Dias',
        email: 'carla@exemplo.com',
        phone: '11987654321',
      },
    },
    { session: newCartSession(), headers: { host } },
  )
  expect(res.statusCode).toBe(201)
  return fake.preferences.get(res.json<{ preferenceId: string }>().preferenceId)!
}

describe('Links we hand out never follow a forged Host', () => {
  it.each(['/', `/produto/PRODUCT`, '/sobre-nos?q=kit'])(
    'the page %s names this machine, not evil.example',
    async (url) => {
      const res = await page(url.replace('PRODUCT', String(productId)), EVIL)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain(EVIL)
      const links = linksIn(res.body)
      expect(links.canonical).toMatch(/^http:\/\/localhost:4321\//)
      expect(links.ogUrl).toBe(links.canonical)
    },
  )

  it("Mercado Pago's return addresses name this machine, not evil.example", async () => {
    const preference = await cardPreference(EVIL)
    expect(JSON.stringify(preference)).not.toContain(EVIL)
    expect(preference.back_urls).toMatchObject({
      success: expect.stringMatching(/^http:\/\/localhost:4321\/checkout\?order=/),
    })
  })

  it('a host the owner listed in ALLOWED_HOSTS, and localhost, are used', async () => {
    const listed = linksIn((await page(`/produto/${productId}`, 'loja.com.br')).body)
    expect(listed.ogUrl).toBe(`http://loja.com.br/produto/${productId}`)
    expect(listed.ogImage).toMatch(/^http:\/\/loja\.com\.br\//)
    const local = linksIn((await page('/', 'localhost:5173')).body)
    expect(local.canonical).toBe('http://localhost:5173/')
    const preference = await cardPreference('loja.com.br')
    expect(preference.back_urls).toMatchObject({
      success: expect.stringMatching(/^http:\/\/loja\.com\.br\/checkout\?order=/),
    })
  })
})
