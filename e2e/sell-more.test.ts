import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

interface ProductRow {
  id: number
  name: string
  price: string
  isFree: boolean
  downloadFiles: { fileName: string; size: number }[]
  bundleProductIds: number[]
}

let browser: Browser
let admin: BrowserContext
let context: BrowserContext
let page: Page
const downloads: Download[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  admin = await browser.newContext({ baseURL: inject('baseUrl') })
  context = await phoneContext(browser, inject('baseUrl'))
  page = await context.newPage()
  page.on('download', (d) => downloads.push(d))
  context.on('page', (p) => p.on('download', (d) => downloads.push(d)))
})
// The e2e server is shared with the other files, which expect the demo catalogue only: the kit
// leaves the shop (a sold product is hidden, its buyers keep it) and the coupon goes.
const made: { kit?: number; coupon?: number } = {}
afterAll(async () => {
  if (made.kit) await admin.request.delete(`/api/products/${made.kit}`)
  if (made.coupon) await admin.request.delete(`/api/admin/coupons/${made.coupon}`)
  await browser?.close()
})

const cents = (price: string) => Math.round(Number(price) * 100)
const brl = (c: number) => `R$ ${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`
const text = async (testId: string) =>
  (await page.getByTestId(testId).first().innerText()).replace(/\s+/g, ' ').trim()

describe('a teacher buys a kit with a coupon and a checkout offer, on a phone', () => {
  const code = `E2E${Date.now() % 100000}`
  let kit: { id: number; price: string }
  let items: ProductRow[]
  let bump: ProductRow

  it('the owner makes a kit with an offer, and a 10% coupon', async () => {
    const login = await admin.request.post('/api/auth/simple-login', {
      data: { email: 'admin@teste.com', password: 'admin-senha-123' },
    })
    expect(login.status()).toBe(200)
    const products = (await (await admin.request.get('/api/products')).json()) as ProductRow[]
    const withFiles = products.filter(
      (p) => !p.isFree && p.downloadFiles.length > 0 && p.bundleProductIds.length === 0,
    )
    items = withFiles.slice(0, 2)
    bump = withFiles[2]!
    const cover = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#8e24aa' },
    })
      .png()
      .toBuffer()
    const created = await admin.request.post('/api/products', {
      multipart: {
        name: 'Kit E2E da Professora',
        description: 'Dois materiais num kit',
        price: '39.90',
        category: 'alfabetizacao',
        isFree: 'false',
        bundleProductIds: JSON.stringify(items.map((p) => p.id)),
        orderBumps: JSON.stringify([{ productId: bump.id, offerPrice: '5.00' }]),
        imageFile: { name: 'capa.png', mimeType: 'image/png', buffer: cover },
      },
    })
    expect(created.status()).toBe(201)
    kit = { id: ((await created.json()) as { id: number }).id, price: '39.90' }
    made.kit = kit.id
    const coupon = await admin.request.post('/api/admin/coupons', {
      data: { code, type: 'percent', value: 10 },
    })
    expect(coupon.status()).toBe(201)
    made.coupon = ((await coupon.json()) as { id: number }).id
  })

  it('applies the coupon in the cart, takes the offer at checkout, pays in demo', async () => {
    await page.goto(`/produto/${kit.id}`)
    const contents = page.getByTestId('kit-contents')
    await contents.waitFor()
    for (const item of items) expect(await contents.innerText()).toContain(item.name)
    await page.getByRole('button', { name: 'Adicionar ao Carrinho' }).click()
    await page.getByText('Produto adicionado!', { exact: true }).waitFor()

    await page.getByTestId('cart-button').click()
    const sheet = page.getByTestId('cart-sheet')
    await sheet.waitFor()
    await sheet.getByTestId('coupon-open').click()
    await sheet.getByTestId('coupon-input').fill(code.toLowerCase())
    await sheet.getByTestId('coupon-apply').click()
    await sheet.getByTestId('coupon-applied').waitFor()
    const kitCents = cents(kit.price)
    const off = (c: number) => c - Math.round(c / 10)
    await expect.poll(() => text('cart-sheet-total')).toBe(brl(off(kitCents)))

    await sheet.getByRole('button', { name: /Finalizar Compra com PIX/ }).click()
    await page.waitForURL((url) => url.pathname === '/checkout')
    const offer = page.getByTestId('order-bump')
    await offer.waitFor()
    expect(await offer.innerText()).toContain(bump.name)
    await offer.getByTestId('order-bump-toggle').check()
    await expect.poll(() => text('checkout-total')).toBe(brl(off(kitCents + 500)))

    await page.getByLabel('Nome', { exact: true }).fill('Lia')
    await page.getByLabel('Sobrenome').fill('Prado')
    await page.getByLabel('Email').fill(`lia.${Date.now()}@exemplo.com`)
    await page.getByLabel('WhatsApp').fill('(21) 98888-7777')
    await page.getByLabel(/Criar minha conta/).uncheck()
    await page.getByLabel(/Li e aceito/).check()
    await page.getByTestId('checkout-submit').click()
    await page.getByTestId('pix-qr').waitFor()
    expect(await text('pix-amount')).toBe(brl(off(kitCents + 500)))
    // The header's total on the PIX screen is the order's, after its coupon, not the cart's.
    await expect.poll(() => text('cart-total')).toBe(brl(off(kitCents + 500)))
    await page.getByTestId('demo-confirm').click()
    await page.getByTestId('checkout-completed').waitFor()
  })

  it('downloads every item of the kit, and the offer', async () => {
    await page.waitForURL(/\/meus-materiais\?email=/)
    for (const item of [...items, bump]) {
      const card = page.getByTestId('material').filter({ hasText: item.name })
      await card.waitFor()
      const before = downloads.length
      await card.getByTestId('material-download').first().click()
      await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(before + 1)
      expect(downloads[before]!.suggestedFilename()).toBe(item.downloadFiles[0]!.fileName)
    }
  })
})
