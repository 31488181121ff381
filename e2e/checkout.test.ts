import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

interface ProductRow {
  id: number
  name: string
  price: string
  isFree: boolean
}

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

const cents = (price: string) => Math.round(Number(price) * 100)
const brl = (c: number) => `R$ ${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`
/** Intl puts a non-breaking space after "R$". */
const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().innerText()).replace(/\s+/g, ' ').trim()

describe('a guest buys two materials with PIX on a phone', () => {
  it('adds, changes a quantity, pays in demo mode and lands on the completed view', async () => {
    const products = (await (await page.request.get('/api/products')).json()) as ProductRow[]
    const [first, second] = products.filter((p) => !p.isFree)
    expect(second).toBeDefined()

    for (const product of [first!, second!]) {
      await page.goto(`/produto/${product.id}`)
      await page.getByRole('button', { name: 'Adicionar ao Carrinho' }).click()
      await page.getByText('Produto adicionado!', { exact: true }).waitFor()
    }
    await expect.poll(() => text(page, 'cart-count')).toBe('2')

    // The cart sheet: two lines, minus disabled at 1, plus makes the first line two.
    await page.getByTestId('cart-button').click()
    const sheet = page.getByTestId('cart-sheet')
    await sheet.waitFor()
    await expect.poll(() => sheet.getByTestId('cart-item').count()).toBe(2)
    const firstLine = sheet.getByTestId('cart-item').filter({ hasText: first!.name })
    expect(await firstLine.getByTestId('cart-item-minus').isDisabled()).toBe(true)
    await firstLine.getByTestId('cart-item-plus').click()
    await expect.poll(() => firstLine.getByTestId('cart-item-quantity').innerText()).toBe('2')
    await expect.poll(() => text(page, 'cart-count')).toBe('3')
    const total = cents(first!.price) * 2 + cents(second!.price)
    await expect.poll(() => text(page, 'cart-sheet-total')).toBe(brl(total))
    expect(await firstLine.getByTestId('cart-item-minus').isDisabled()).toBe(false)
    await page.getByText('Materiais Recomendados', { exact: false }).first().waitFor()

    await sheet.getByRole('button', { name: /Finalizar Compra com PIX/ }).click()
    await page.waitForURL((url) => url.pathname === '/checkout')
    expect(await text(page, 'checkout-total')).toBe(brl(total))

    // A guest without an account: the finalize button waits for the terms.
    const submit = page.getByTestId('checkout-submit')
    await page.getByLabel('Nome', { exact: true }).fill('Maria')
    await page.getByLabel('Sobrenome').fill('Souza')
    await page.getByLabel('Email').fill('maria.e2e@exemplo.com')
    await page.getByLabel('WhatsApp').fill('11988887777')
    // Nobody is signed up unless she asks: the box starts unticked, no password asked.
    expect(await page.getByLabel(/Criar minha conta/).isChecked()).toBe(false)
    expect(await page.getByLabel('Senha da conta').count()).toBe(0)
    expect(await submit.isDisabled()).toBe(true)
    await page.getByLabel(/Li e aceito/).check()
    await submit.click()

    // Waiting for the PIX: QR code, copy-paste code, amount; the URL names the order.
    const qr = page.getByTestId('pix-qr')
    await qr.waitFor()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    await page.waitForURL(/\/checkout\?order=[\w-]+$/)
    const orderUrl = page.url()
    const code = await page.getByTestId('pix-code').innerText()
    expect(code).toMatch(/^000201/)
    expect(await text(page, 'pix-amount')).toBe(brl(total))
    await page.getByTestId('pix-copy').click()
    await page.getByText('Código PIX copiado!', { exact: true }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)

    // A reload mid-wait, and a return to /checkout, come back to the same order.
    await page.reload()
    await qr.waitFor()
    expect(page.url()).toBe(orderUrl)
    expect(await page.getByTestId('pix-code').innerText()).toBe(code)
    await page.goto('/checkout')
    await page.waitForURL(orderUrl)
    await qr.waitFor()

    await page.getByTestId('demo-confirm').click()
    const completed = page.getByTestId('checkout-completed')
    await completed.waitFor()
    expect(await completed.innerText()).toContain('Pagamento confirmado!')
    // The saved order is forgotten by an effect, which runs after the view is painted.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull()
    await expect.poll(() => text(page, 'cart-count')).toBe('0')
    // No account: the materials are found with the order's email and WhatsApp, which the link
    // carried and which then leave the address.
    await page.waitForURL((url) => url.pathname === '/meus-materiais')
    await page.getByRole('list', { name: 'Materiais encontrados' }).waitFor()
    expect(page.url()).not.toMatch(/email=|whatsapp=|maria/)
  })
})
