import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const META_ID = '123456789012345'
const TIKTOK_ID = 'CPIXELTESTE1234'

/**
 * Meta's fbevents.js as it behaves: at load it reads `fbq.queue` once (the calls made before
 * it), then answers every later call through `fbq.callMethod`. A call left in the queue after
 * that is never read. What it received is kept in `window.metaReceived`.
 */
const META_SCRIPT = `(() => {
  const fbq = window.fbq
  const received = (window.metaReceived = [])
  const take = (args) => received.push(JSON.parse(JSON.stringify(Array.from(args))))
  const waiting = fbq.queue.splice(0)
  waiting.forEach(take)
  fbq.callMethod = (...args) => take(args)
})()`

/**
 * TikTok's events.js as it behaves: it finds its object by `TiktokAnalyticsObject` and its pixel
 * in `_i`, reads the calls the array holds once, then puts its own methods in their place.
 */
const TIKTOK_SCRIPT = `(() => {
  const ttq = window[window.TiktokAnalyticsObject]
  const received = (window.tiktokReceived = [])
  const pixel = new URL(document.currentScript.src).searchParams.get('sdkid')
  if (!ttq || !ttq._i || !ttq._i[pixel]) return
  const take = (call) => received.push(JSON.parse(JSON.stringify(call)))
  ttq.splice(0).forEach(take)
  for (const method of ttq.methods) ttq[method] = (...args) => take([method, ...args])
})()`

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function adminPage(): Promise<Page> {
  const page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
  const res = await page.request.post('/api/admin/login', {
    data: ADMIN,
    headers: { origin: inject('baseUrl') },
  })
  expect(res.status()).toBe(200)
  return page
}

async function setSetting(page: Page, key: string, value: string) {
  const res = await page.request.post('/api/admin/settings', {
    data: { key, value },
    headers: { origin: inject('baseUrl') },
  })
  expect(res.status(), await res.text()).toBe(200)
}

type Call = [string, ...unknown[]]
const received = (page: Page, name: 'metaReceived' | 'tiktokReceived') =>
  page.evaluate((n) => (window as unknown as Record<string, Call[] | undefined>)[n] ?? [], name)

describe('the ad pixels after the buyer’s Aceitar', () => {
  it('every event reaches Meta and TikTok once, after their scripts loaded, the Purchase with the order’s id', async () => {
    const admin = await adminPage()
    await setSetting(admin, 'meta_pixel_id', META_ID)
    await setSetting(admin, 'tiktok_pixel_id', TIKTOK_ID)
    try {
      const page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
      await page.route('https://connect.facebook.net/**', (route) =>
        route.fulfill({ contentType: 'application/javascript', body: META_SCRIPT }),
      )
      await page.route('https://analytics.tiktok.com/**', (route) =>
        route.fulfill({ contentType: 'application/javascript', body: TIKTOK_SCRIPT }),
      )
      await page.goto('/')
      await page.getByTestId('consent-banner').getByRole('button', { name: 'Aceitar' }).click()
      // Both scripts have loaded and emptied their queues: what follows is after the load.
      await page.waitForFunction(() => {
        const w = window as unknown as Record<string, unknown>
        return Array.isArray(w.metaReceived) && Array.isArray(w.tiktokReceived)
      })

      const paid = page.getByTestId('product-grid').getByTestId('product-card')
      const card = paid.filter({ hasNotText: 'Grátis' }).first()
      const productId = Number(/\/produto\/(\d+)/.exec((await card.getAttribute('href'))!)?.[1])
      await card.click()
      await page.waitForURL(`**/produto/${productId}`)
      await page.getByRole('button', { name: 'Adicionar ao Carrinho' }).click()
      await page.getByText('Produto adicionado!', { exact: true }).waitFor()
      await page.getByTestId('cart-button').click()
      await page
        .getByTestId('cart-sheet')
        .getByRole('button', { name: /Finalizar Compra com PIX/ })
        .click()
      await page.waitForURL((url) => url.pathname === '/checkout')
      await page.getByLabel('Nome', { exact: true }).fill('Rita')
      await page.getByLabel('Sobrenome').fill('Alves')
      await page.getByLabel('Email').fill(`rita.${Date.now()}@exemplo.com`)
      await page.getByLabel('WhatsApp').fill('11977776666')
      await page.getByLabel(/Li e aceito/).check()
      await page.getByTestId('checkout-submit').click()
      await page.waitForURL(/\/checkout\?order=[\w-]+$/)
      const orderId = new URL(page.url()).searchParams.get('order')!
      await page.getByTestId('demo-confirm').click()
      await page.getByTestId('checkout-completed').waitFor()
      // The completed view moves on to her materials: one more page view, the last one.
      await page.waitForURL((url) => url.pathname === '/meus-materiais')

      const product = [String(productId)]
      await expect
        .poll(async () => (await received(page, 'metaReceived')).map((c) => c.slice(0, 2)))
        .toEqual([
          ['init', META_ID],
          ['track', 'PageView'],
          ['track', 'PageView'],
          ['track', 'ViewContent'],
          ['track', 'AddToCart'],
          ['track', 'PageView'],
          // The order's address replaces /checkout's (replaceState): no page view of its own.
          ['track', 'InitiateCheckout'],
          ['track', 'Purchase'],
          ['track', 'PageView'],
        ])
      const meta = await received(page, 'metaReceived')
      expect(meta.find((c) => c[1] === 'AddToCart')?.[2]).toMatchObject({ content_ids: product })
      // The server's Conversions API event carries the order's id as event_id: Meta counts one.
      expect(meta.find((c) => c[1] === 'Purchase')?.[3]).toEqual({ eventID: orderId })

      const tiktok = await received(page, 'tiktokReceived')
      expect(tiktok.map((c) => c.slice(0, 2))).toEqual([
        ['page'],
        ['page'],
        ['track', 'ViewContent'],
        ['track', 'AddToCart'],
        ['page'],
        ['track', 'InitiateCheckout'],
        ['track', 'CompletePayment'],
        ['page'],
      ])
      expect(tiktok.find((c) => c[1] === 'CompletePayment')?.[3]).toEqual({ event_id: orderId })
      await page.context().close()
    } finally {
      await setSetting(admin, 'meta_pixel_id', '')
      await setSetting(admin, 'tiktok_pixel_id', '')
      await admin.context().close()
    }
  })
})
