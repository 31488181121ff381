import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  context = await phoneContext(browser, inject('baseUrl'))
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: inject('baseUrl'),
  })
  page = await context.newPage()
})
afterAll(() => browser?.close())

const name = `Bingo das Sílabas ${Date.now()}`
let productId = 0

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

/** Intl puts a non-breaking space after "R$". */
const clean = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim()

const storeIds = async () =>
  ((await (await page.request.get('/api/products')).json()) as Array<{ id: number }>).map(
    (p) => p.id,
  )

const row = () => page.locator(`[data-testid="product-row"][data-product-id="${productId}"]`)

async function openProductsTab() {
  await page.goto('/admin?aba=products')
  await row().waitFor()
}

describe('the shop owner manages a product from a phone', () => {
  it('logs in at /admin and sees the panel', async () => {
    await page.goto('/admin')
    await page.getByLabel('Usuário').fill('admin@teste.com')
    await page.getByLabel('Senha').fill('admin-senha-123')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByTestId('admin-tab-overview').waitFor()
    await page.getByText(/conectado como administrador/).waitFor()
  })

  it('creates a product with a cover and a PDF through /admin/create-product', async () => {
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
    productId = Number(link.split('/').pop())
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)

    const image = await page.request.get(`/api/products/${productId}/image`)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toMatch(/^image\//)
  })

  it('sees it in the products list with its price', async () => {
    await page.getByTestId('success-dialog').getByRole('link', { name: 'Voltar ao painel' }).click()
    await row().waitFor()
    expect(await clean(row())).toContain(name)
    expect(await clean(row())).toContain('R$ 19,90')
    expect(await row().getByText('INATIVO').count()).toBe(0)
    expect(await storeIds()).toContain(productId)
  })

  it('deactivates it: gone from the store, back when activated again', async () => {
    await row().getByTestId('toggle-active').click()
    await row().getByText('INATIVO', { exact: true }).waitFor()
    await expect.poll(storeIds).not.toContain(productId)
    await page.goto('/')
    await page.getByTestId('product-grid').getByTestId('product-card').first().waitFor()
    expect(await page.getByTestId('product-grid').getByText(name).count()).toBe(0)

    await openProductsTab()
    await row().getByTestId('toggle-active').click()
    await expect.poll(() => row().getByText('INATIVO', { exact: true }).count()).toBe(0)
    await expect.poll(storeIds).toContain(productId)
    await page.goto('/')
    await page.getByTestId('product-grid').getByText(name).first().waitFor()
  })

  it('edits the price and the store shows the new one', async () => {
    await openProductsTab()
    await row().getByRole('link', { name: 'Editar' }).click()
    await page.getByRole('heading', { name: `Editar Produto #${productId}` }).waitFor()
    const form = page.getByTestId('product-form')
    await form.getByTestId('price-input').fill('24.50')
    await form.getByTestId('submit-product').click()
    await page.getByTestId('success-dialog').getByText('Produto atualizado!').waitFor()

    await page.goto(`/produto/${productId}`)
    await expect.poll(() => clean(page.getByTestId('price-box'))).toContain('R$ 24,50')
  })

  it('deletes it after confirming, and the store no longer has it', async () => {
    await openProductsTab()
    page.once('dialog', (dialog) => void dialog.accept())
    await row().getByRole('button', { name: 'Excluir' }).click()
    await page.getByText('Produto removido!', { exact: true }).waitFor()
    await expect.poll(() => row().count()).toBe(0)
    expect(await storeIds()).not.toContain(productId)
    expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404)
  })
})
