import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageData } from '../../../contracts/page-data.js'
import { adminSession } from '../../testing/auth.js'
import { writeBuiltClient } from '../../testing/built-client.js'
import { call } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

// What the pages promise follows how the store charges: under its own PIX key the owner
// confirms by hand, so nothing says 'na hora'; a provider confirms by itself, and they do.

let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let admin: string
let product: { id: number }
let canva: { id: number }
let onSale: { id: number }
beforeAll(async () => {
  client = await writeBuiltClient()
  store = await createTestStore({ clientDir: client.dir })
  admin = (await adminSession(store.app)).cookie
  product = await insertProduct(store, { name: 'Tabuada do Pirata' })
  canva = await insertProduct(store, {
    name: 'Convite editável',
    canvaTemplateId: 'DAF123abc',
    withoutFile: true,
  })
  onSale = await insertProduct(store, { name: 'Jogo da Memória', compareAtCents: 2990 })
  await store.app.services.catalog.invalidate()
}, 240_000)
afterAll(async () => {
  await store?.close()
  await client?.remove()
})

const get = (url: string) => store.app.inject({ method: 'GET', url })
const save = (key: string, value: string) =>
  call(store, 'POST', '/api/admin/settings', { key, value }, { cookie: admin })

function pageOf(html: string) {
  const data = /<script type="application\/json" id="dados-da-pagina">([\s\S]*?)<\/script>/.exec(
    html,
  )
  const meta = (property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1] ?? ''
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    description: meta('og:description'),
    root: /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '',
    data: data ? (JSON.parse(data[1]!) as PageData) : {},
  }
}

const PROMISES_AT_ONCE = /na hora|imediat|poucos segundos/i

describe('the delivery promise', () => {
  it('with a provider that confirms by itself (the demo here), the pages say "na hora"', async () => {
    const methods = (await get('/api/payments/methods')).json<{ pixConfirmation: string }>()
    expect(methods.pixConfirmation).toBe('automatic')
    const home = pageOf((await get('/')).body)
    expect(home.title).toContain('baixe na hora')
    expect(home.description).toContain('baixe na hora')
    expect(home.data.paymentMethods?.pixConfirmation).toBe('automatic')
    expect(home.root).toContain('Download imediato')
    const page = pageOf((await get(`/produto/${product.id}`)).body)
    expect(page.root).toContain('Download Imediato')
  })

  it('with the store’s own key, no title, preview, tile or footer promises it at once', async () => {
    for (const [key, value] of [
      ['pix_key', 'dona@loja.exemplo.com.br'],
      ['pix_recipient_name', 'Ana Souza'],
      ['pix_city', 'Recife'],
    ] as const) {
      expect((await save(key, value)).statusCode).toBe(200)
    }
    const methods = (await get('/api/payments/methods')).json<{ pixConfirmation: string }>()
    expect(methods.pixConfirmation).toBe('manual')

    // The home page drawn before is not served again: the mode is part of what it was drawn from.
    const home = pageOf((await get('/')).body)
    expect(home.data.paymentMethods?.pixConfirmation).toBe('manual')
    expect(home.title).not.toMatch(PROMISES_AT_ONCE)
    expect(home.description).not.toMatch(PROMISES_AT_ONCE)
    expect(home.description).toContain('assim que a loja confirma o pagamento')
    expect(home.root).not.toMatch(PROMISES_AT_ONCE)
    expect(home.root).toContain('Os materiais são liberados assim que a loja confirma')

    const page = pageOf((await get(`/produto/${product.id}`)).body)
    expect(page.root).toContain('Liberado após a confirmação')
    expect(page.root).toContain('Disponível assim que a loja confirma o pagamento')
    expect(page.root).not.toMatch(PROMISES_AT_ONCE)

    const about = pageOf((await get('/sobre-nos')).body)
    expect(about.title).not.toMatch(PROMISES_AT_ONCE)
    expect(about.description).not.toMatch(PROMISES_AT_ONCE)
  })

  it('a Canva-only product says how its link is delivered, never a download count', async () => {
    const page = pageOf((await get(`/produto/${canva.id}`)).body)
    expect(page.root).toContain('Modelo editável no Canva')
    expect(page.root).toContain('o link chega por e-mail e fica em Meus materiais')
    expect(page.root).not.toContain('downloads por compra')
    expect(page.root).not.toContain('Download Imediato')
    expect(page.data.product?.canvaOnly).toBe(true)
    // The link itself is the material: it reaches buyers only.
    expect(page.data.product?.canvaTemplateId).toBeNull()
  })

  it('"Preço especial" only beside a "de" price', async () => {
    const sale = pageOf((await get(`/produto/${onSale.id}`)).body)
    const text = sale.root.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ')
    expect(text).toContain('Preço especial')
    expect(text).toContain('De R$ 29,90por R$ 19,90')
    const plain = pageOf((await get(`/produto/${product.id}`)).body)
    expect(plain.root).not.toContain('Preço especial')
    expect(plain.root).not.toContain('data-testid="price-compare"')
  })

  it('with a provider chosen again, the promise is "na hora" again', async () => {
    // Written as the Pagamento tab does once Woovi's AppID is checked with Woovi.
    const { settings } = store.app.services
    await settings.set('woovi_app_id', 'Q2xpZW50X0lkXzEyMzQ6c2VncmVkby1kYS13b292aQ==')
    await settings.set('pix_provider', 'woovi')
    const home = pageOf((await get('/')).body)
    expect(home.data.paymentMethods?.pixConfirmation).toBe('automatic')
    expect(home.title).toContain('baixe na hora')
  })
})
