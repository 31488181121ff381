import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }

let browser: Browser
let context: BrowserContext
let page: Page
/** Products a test made, removed after it so the other files see the demo catalogue only. */
let made: number[] = []

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

// Every test starts on a fresh phone (no cookie, no page) and makes what it needs, so any one
// of them runs alone or in any order.
beforeEach(async () => {
  context = await phoneContext(browser, inject('baseUrl'))
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: inject('baseUrl'),
  })
  page = await context.newPage()
  made = []
})
afterEach(async () => {
  for (const id of made) await page.request.delete(`/api/products/${id}`)
  await context?.close()
})

async function coverPng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: '#a855f7' } })
    .png()
    .toBuffer()
}

async function activityPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  pdf.addPage([300, 200]).drawText('Bingo das silabas', { x: 20, y: 100, size: 18, font })
  return Buffer.from(await pdf.save())
}

/** A name no other test (or earlier run on the same server) uses. */
const uniqueName = () => `Bingo das Sílabas ${Date.now()}-${Math.floor(Math.random() * 1e6)}`

/** Logs this phone in as the administrator (the API the login form calls; cookie shared). */
async function loggedInAsAdmin() {
  const res = await page.request.post('/api/admin/login', { data: ADMIN })
  expect(res.status()).toBe(200)
}

/** A product at R$ 19,90 with a cover and a PDF, made through the admin API; its id. */
async function existingProduct(name: string): Promise<number> {
  const res = await page.request.post('/api/products', {
    multipart: {
      name,
      description: 'Bingo com sílabas simples para a alfabetização.',
      price: '19.90',
      category: 'alfabetizacao',
      isFree: 'false',
      imageFile: { name: 'capa.png', mimeType: 'image/png', buffer: await coverPng() },
      downloadFile: { name: 'bingo.pdf', mimeType: 'application/pdf', buffer: await activityPdf() },
    },
  })
  expect(res.status()).toBe(201)
  const { id } = (await res.json()) as { id: number }
  made.push(id)
  return id
}

/** Intl puts a non-breaking space after "R$". */
const clean = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim()

const storeIds = async () =>
  ((await (await page.request.get('/api/products')).json()) as Array<{ id: number }>).map(
    (p) => p.id,
  )

const rowOf = (productId: number) =>
  page.locator(`[data-testid="product-row"][data-product-id="${productId}"]`)

async function openProductsTab(productId: number) {
  await page.goto('/admin?aba=products')
  await rowOf(productId).waitFor()
}

describe('the shop owner manages a product from a phone', () => {
  it('logs in at /admin and sees the panel', async () => {
    await page.goto('/admin')
    await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.username)
    await page.getByLabel('Senha').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByTestId('admin-tab-overview').waitFor()
    await page.getByText(/conectado como administrador/).waitFor()
  })

  it('creates a product with a cover and a PDF through /admin/create-product', async () => {
    await loggedInAsAdmin()
    const name = uniqueName()
    await page.goto('/admin/create-product')
    const form = page.getByTestId('product-form')
    await form.waitFor()
    await form.getByLabel(/Nome do produto/).fill(name)
    await form.getByLabel(/Descrição/).fill('Bingo com sílabas simples para a alfabetização.')
    await form.getByTestId('price-input').fill('19.90')
    await form.getByLabel(/Categoria/).selectOption('alfabetizacao')
    await form
      .getByLabel('Imagem principal', { exact: true })
      .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: await coverPng() })
    await form.getByLabel('Arquivo para download', { exact: true }).setInputFiles({
      name: 'bingo.pdf',
      mimeType: 'application/pdf',
      buffer: await activityPdf(),
    })
    await form.getByTestId('submit-product').click()

    const dialog = page.getByTestId('success-dialog')
    await dialog.waitFor({ timeout: 30_000 })
    const link = await dialog.getByLabel('Link do produto').inputValue()
    expect(link).toMatch(/\/produto\/\d+$/)
    const productId = Number(link.split('/').pop())
    made.push(productId)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

    const image = await page.request.get(`/api/products/${productId}/image`)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toMatch(/^image\//)

    await dialog.getByRole('link', { name: 'Voltar ao painel' }).click()
    await rowOf(productId).waitFor()
    expect(await clean(rowOf(productId))).toContain(name)
    expect(await storeIds()).toContain(productId)

    // One PDF is one file: the main file is not counted twice.
    await page.goto('/admin?aba=product-management')
    await rowOf(productId).waitFor()
    expect(await clean(rowOf(productId))).toContain('bingo.pdf · 1 arquivo')
  })

  it('sees a product in the products list with its price', async () => {
    await loggedInAsAdmin()
    const name = uniqueName()
    const productId = await existingProduct(name)
    await openProductsTab(productId)
    const row = rowOf(productId)
    expect(await clean(row)).toContain(name)
    expect(await clean(row)).toContain('R$ 19,90')
    expect(await row.getByText('INATIVO').count()).toBe(0)
    expect(await storeIds()).toContain(productId)
  })

  it('deactivates a product: gone from the store, back when activated again', async () => {
    await loggedInAsAdmin()
    const name = uniqueName()
    const productId = await existingProduct(name)
    await openProductsTab(productId)
    await rowOf(productId).getByTestId('toggle-active').click()
    await rowOf(productId).getByText('INATIVO', { exact: true }).waitFor()
    await expect.poll(storeIds).not.toContain(productId)
    await page.goto('/')
    await page.getByTestId('product-grid').getByTestId('product-card').first().waitFor()
    expect(await page.getByTestId('product-grid').getByText(name).count()).toBe(0)

    await openProductsTab(productId)
    await rowOf(productId).getByTestId('toggle-active').click()
    await expect.poll(() => rowOf(productId).getByText('INATIVO', { exact: true }).count()).toBe(0)
    await expect.poll(storeIds).toContain(productId)
    await page.goto('/')
    await page.getByTestId('product-grid').getByText(name).first().waitFor()
  })

  it('edits the price of a product and the store shows the new one', async () => {
    await loggedInAsAdmin()
    const productId = await existingProduct(uniqueName())
    await openProductsTab(productId)
    await rowOf(productId).getByRole('link', { name: 'Editar' }).click()
    await page.getByRole('heading', { name: `Editar Produto #${productId}` }).waitFor()
    const form = page.getByTestId('product-form')
    await form.getByTestId('price-input').fill('24.50')
    await form.getByTestId('submit-product').click()
    await page.getByTestId('success-dialog').getByText('Produto atualizado!').waitFor()

    await page.goto(`/produto/${productId}`)
    await expect.poll(() => clean(page.getByTestId('price-box'))).toContain('R$ 24,50')
  })

  it('deletes a product after confirming, and the store no longer has it', async () => {
    await loggedInAsAdmin()
    const productId = await existingProduct(uniqueName())
    await openProductsTab(productId)
    await rowOf(productId).getByRole('button', { name: 'Excluir' }).click()
    // The app's own dialog, not the browser's confirm().
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Excluir' }).click()
    await page.getByText('Produto removido!', { exact: true }).waitFor()
    await expect.poll(() => rowOf(productId).count()).toBe(0)
    expect(await storeIds()).not.toContain(productId)
    expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404)
  })
})
