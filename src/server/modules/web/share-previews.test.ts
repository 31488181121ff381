import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDecimalBRL } from '../../../contracts/money.js'
import { pageCsp } from '../../http/security-headers.js'
import { shareImageKey } from '../../files/images.js'
import { adminSession } from '../../testing/auth.js'
import { writeBuiltClient } from '../../testing/built-client.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createPlan } from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import {
  formData,
  productFields,
  productNamed,
  samplePdf,
  sendForm,
} from '../../testing/uploads.js'

const BASE = 'https://loja.exemplo.com.br'

let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let cookie: string
beforeAll(async () => {
  client = await writeBuiltClient()
  store = await createTestStore({ clientDir: client.dir, env: { PUBLIC_URL: BASE } })
  cookie = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await store.close()
  await client.remove()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: 'GET', url, headers })

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}
const decode = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!)

function meta(html: string, key: string): string | undefined {
  const found = [...html.matchAll(/<meta (?:property|name)="([^"]*)" content="([^"]*)">/g)].filter(
    (m) => m[1] === key,
  )
  expect(found.length, `at most one ${key}`).toBeLessThanOrEqual(1)
  return found[0] ? decode(found[0][2]!) : undefined
}

function jsonLd(html: string) {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
  expect(blocks).toHaveLength(1)
  return JSON.parse(blocks[0]![1]!)
}

/** The page as a browser without JavaScript shows it (drawn on the server from React's own
 *  pages): the text of #root, tags removed. */
function visibleText(html: string): string {
  const root = /<div id="root">([\s\S]*?)<\/div><\/body>|<div id="root">([\s\S]*)$/.exec(html)
  const inner = (root?.[1] ?? root?.[2] ?? '').replace(/<script[\s\S]*?<\/script>/g, '')
  return decode(inner.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '))
}

async function createByUpload(name: string, cover: Buffer) {
  const form = formData(productFields({ name, price: '27.40', category: 'matematica' }), [
    { field: 'imageFile', name: 'capa.png', bytes: cover, type: 'image/png' },
    { field: 'downloadFile', name: 'material.pdf', bytes: samplePdf(), type: 'application/pdf' },
  ])
  const res = await sendForm(store, '/api/products', form, cookie)
  expect(res.statusCode).toBe(201)
  return (await productNamed(store, name))[0]!
}

describe('the product page as a crawler and a slow phone get it', () => {
  it('carries the preview tags, the price, a valid JSON-LD Product and the visible text', async () => {
    const product = await insertProduct(store, {
      name: 'Tabuada <Divertida> & "Cia"',
      description: 'Quarenta fichas de multiplicação.\nCom gabarito.',
      priceCents: 1990,
      category: 'matematica',
      extraImages: 1,
    })
    const res = await get(`/produto/${product.id}`)
    expect(res.statusCode).toBe(200)
    const html = res.body
    const view = (await get(`/api/products/${product.id}`)).json()

    expect(meta(html, 'og:type')).toBe('product')
    expect(meta(html, 'og:image')).toBe(
      `${BASE}/api/products/${product.id}/share.jpg?v=${/v=([^&]+)/.exec(view.imageUrl)![1]}`,
    )
    expect(meta(html, 'og:image:type')).toBe('image/jpeg')
    expect(meta(html, 'og:image:width')).toBe('1200')
    expect(meta(html, 'og:image:height')).toBe('630')
    expect(meta(html, 'og:image:alt')).toBe(`Capa de ${product.name}`)
    expect(meta(html, 'og:price:amount')).toBe('19.90')
    expect(meta(html, 'og:price:currency')).toBe('BRL')

    const ld = jsonLd(html)
    expect(ld['@context']).toBe('https://schema.org')
    expect(ld['@type']).toBe('Product')
    expect(ld.name).toBe(product.name)
    expect(ld.description).toBe(product.description)
    expect(ld.category).toBe('Matemática')
    expect(ld.url).toBe(`${BASE}/produto/${product.id}`)
    expect(ld.image).toEqual([
      `${BASE}${view.imageUrl}&size=full`,
      `${BASE}${view.additionalImages[0]}`,
      meta(html, 'og:image'),
    ])
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: '19.90',
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
      url: `${BASE}/produto/${product.id}`,
    })
    // The price schema.org wants: a dot, two decimals, what the API answers.
    expect(ld.offers.price).toBe(view.price)

    const text = visibleText(html)
    expect(text).toContain(product.name)
    expect(text).toContain(formatDecimalBRL('19.90').replace(/\s/g, ' '))
    expect(text).toContain('Quarenta fichas de multiplicação.')
    // The cover, as the page draws it: the picture for the screen's width, asked for first.
    const cover = /<img [^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0] ?? ''
    expect(cover).toMatch(/ src="[^"]*size=full"/)
    expect(cover).toMatch(/ srcset="[^"]*size=card 600w, [^"]*size=full 1200w"/i)
    expect(cover).toMatch(/ sizes="[^"]+"/)

    // The client's data block holds the product, the settings, the padlock and the payment methods as the
    // API answers them; and the header is drawn in that state, not 'Verificando segurança...'.
    const data = /<script type="application\/json" id="dados-da-pagina">([\s\S]*?)<\/script>/.exec(
      html,
    )
    const settings = (await get('/api/settings/public')).json()
    const security = (await get('/api/security/status')).json()
    const paymentMethods = (await get('/api/payments/methods')).json()
    expect(JSON.parse(data![1]!)).toEqual({
      address: `/produto/${product.id}`,
      settings,
      product: view,
      security,
      paymentMethods,
    })
    expect(html).toContain(`data-state="${security.secure ? 'secure' : 'insecure'}"`)
    // Data blocks run nothing: the page's CSP (no inline script) still holds for them.
    expect(res.headers['content-security-policy']).toBe(pageCsp())
  })

  it('a free material offers at 0.00 and says Gratuito', async () => {
    const product = await insertProduct(store, { name: 'Alfabeto Grátis', isFree: true })
    const html = (await get(`/produto/${product.id}`)).body
    expect(jsonLd(html).offers.price).toBe('0.00')
    expect(meta(html, 'og:price:amount')).toBe('0.00')
    expect(visibleText(html)).toContain('GRATUITO')
  })

  it('an inactive or unknown product is a 404 page with no product in it', async () => {
    const product = await insertProduct(store, { name: 'Escondido', isActive: false })
    for (const url of [`/produto/${product.id}`, '/produto/999999', '/produto/abc']) {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('application/ld+json')
      expect(res.body).not.toContain('Escondido')
      expect(res.body).toContain('<div id="root"></div>')
    }
  })
})

describe('og:image', () => {
  it('is made at upload: a 1200×630 JPEG under 300 KB, the whole cover on the store colour', async () => {
    // A tall, noisy cover: the hardest to fit and to compress.
    const noise = await sharp(randomBytes(900 * 1600 * 3), {
      raw: { width: 900, height: 1600, channels: 3 },
    })
      .png()
      .toBuffer()
    const product = await createByUpload('Capa Alta', noise)
    const view = (await get(`/api/products/${product.id}`)).json()
    const hash = /v=([^&]+)/.exec(view.imageUrl)![1]!
    expect(await store.storage.size(shareImageKey(hash))).not.toBeNull()

    const res = await get(`/api/products/${product.id}/share.jpg?v=${hash}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['cache-control']).toContain('immutable')
    expect(res.rawPayload.length).toBeLessThan(300 * 1024)
    const info = await sharp(res.rawPayload).metadata()
    expect(info).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
    // Not cropped: the sides are the store's colour (#7e22ce), the middle is the picture.
    const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3),
    ]
    for (const [x, y] of [
      [5, 5],
      [1194, 624],
      [200, 315],
    ]) {
      const [r, g, b] = pixel(x!, y!)
      expect(Math.abs(r! - 0x7e) + Math.abs(g! - 0x22) + Math.abs(b! - 0xce)).toBeLessThan(24)
    }
    // The picture spans the full height inside the margin (32 px above and below).
    const [r, g, b] = pixel(600, 40)
    expect(Math.abs(r! - 0x7e) + Math.abs(g! - 0x22) + Math.abs(b! - 0xce)).toBeGreaterThan(24)
  })

  it('is made at the first request for a cover stored before (once, even when asked at once)', async () => {
    const product = await insertProduct(store, { name: 'Antigo' })
    const view = (await get(`/api/products/${product.id}`)).json()
    const hash = /v=([^&]+)/.exec(view.imageUrl)![1]!
    expect(await store.storage.size(shareImageKey(hash))).toBeNull()
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => get(`/api/products/${product.id}/share.jpg?v=${hash}`)),
    )
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 })
    }
    const again = await get(`/api/products/${product.id}/share.jpg?v=${hash}`, {
      'if-none-match': answers[0]!.headers.etag as string,
    })
    expect(again.statusCode).toBe(304)
  })

  it('answers 404 for a product that does not exist, and 400 for a bad id', async () => {
    expect((await get('/api/products/999999/share.jpg')).statusCode).toBe(404)
    const bad = await get('/api/products/abc/share.jpg')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBeTruthy()
  })
})

describe('sitemap.xml and robots.txt', () => {
  it('lists home and every active product with lastmod; a hidden product leaves at once', async () => {
    const shown = await insertProduct(store, { name: 'No mapa' })
    const res = await get('/sitemap.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    const xml = res.body
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const urls = [
      ...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g),
    ]
    const locs = urls.map((u) => u[1])
    expect(locs[0]).toBe(`${BASE}/`)
    expect(locs).toContain(`${BASE}/produto/${shown.id}`)
    for (const [, loc, lastmod] of urls) {
      // The BNCC's pages change with a build, not with the catalogue: no lastmod.
      if (!loc!.startsWith(`${BASE}/bncc`)) expect(Number.isNaN(Date.parse(lastmod!))).toBe(false)
    }
    const active = (await get('/api/products')).json() as Array<{ id: number }>
    const productLocs = locs.filter((loc) => loc!.startsWith(`${BASE}/produto/`))
    expect(new Set(productLocs)).toEqual(new Set(active.map((p) => `${BASE}/produto/${p.id}`)))
    // The BNCC's index always; a skill's page only when a material teaches it (none here).
    expect(locs.slice(1).filter((loc) => !productLocs.includes(loc))).toEqual([`${BASE}/bncc`])

    const toggled = await store.app.inject({
      method: 'PUT',
      url: `/api/admin/products-light/${shown.id}/toggle`,
      headers: { cookie },
      payload: { isActive: false },
    })
    expect(toggled.statusCode).toBe(200)
    expect((await get('/sitemap.xml')).body).not.toContain(`/produto/${shown.id}<`)
  })

  it('names /clube while a plan is on sale, and not once none is', async () => {
    expect((await get('/sitemap.xml')).body).not.toContain(`${BASE}/clube<`)
    const plan = await createPlan(store, cookie, { name: 'Clube do mapa' })
    expect((await get('/sitemap.xml')).body).toContain(`<url><loc>${BASE}/clube</loc></url>`)
    const off = await store.app.inject({
      method: 'PUT',
      url: `/api/admin/plans/${plan.id}`,
      headers: { cookie, origin: BASE },
      payload: { ...plan, isActive: false },
    })
    expect(off.statusCode, off.body).toBe(200)
    expect((await get('/sitemap.xml')).body).not.toContain(`${BASE}/clube<`)
  })

  it('robots.txt allows the store, keeps crawlers out of /admin and /api/, names the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const lines = res.body.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain('Disallow: /api/')
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`)
  })
})
