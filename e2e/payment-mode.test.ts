import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const SUPPORT_WHATSAPP = '5531987654321'

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
})
afterAll(() => browser?.close())
afterEach(() => context?.close())

async function freshPhone() {
  context = await phoneContext(browser, inject('baseUrl'))
  page = await context.newPage()
}

async function loginAsAdmin(request: APIRequestContext) {
  expect((await request.post('/api/admin/login', { data: ADMIN })).status()).toBe(200)
}

async function saveSetting(request: APIRequestContext, key: string, value: string) {
  const res = await request.post('/api/admin/settings', { data: { key, value } })
  expect(res.status(), await res.text()).toBe(200)
}

describe('the explicit demo mode in /admin', () => {
  it('a fresh store shows the demo banner on every tab, with a link to the payment settings', async () => {
    await freshPhone()
    await loginAsAdmin(page.request)
    await page.goto('/admin')
    const banner = page.getByTestId('demo-banner')
    await banner.waitFor()
    expect(await banner.innerText()).toContain('os pedidos não são cobrados')

    await page.getByTestId('admin-tab-orders').click()
    await banner.waitFor()
    await page.getByTestId('admin-group-loja').click()
    await page.getByTestId('admin-tab-settings').click()
    await banner.waitFor()

    await banner.getByRole('link', { name: 'Configurar pagamento' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/config')
    const toggle = page.getByTestId('demo-switch').getByRole('switch')
    await toggle.waitFor()
    expect(await toggle.isChecked()).toBe(true)
    expect(await page.getByTestId('config-tab-payment').getAttribute('aria-selected')).toBe('true')
  })
})

describe('a buyer pays to the store’s static PIX key', () => {
  // The e2e server is shared with the other files, which buy in demo mode: put it back.
  afterAll(async () => {
    const admin = await (await phoneContext(browser, inject('baseUrl'))).newPage()
    await loginAsAdmin(admin.request)
    await saveSetting(admin.request, 'pix_key', '')
    await saveSetting(admin.request, 'payment_demo', 'true')
    await saveSetting(admin.request, 'whatsapp_number', '5511999999999')
    await admin.context().close()
  })

  it('is told the store confirms by hand, sees who receives it, and sends the receipt on WhatsApp', async () => {
    await freshPhone()
    const admin = await context.browser()!.newContext({ baseURL: inject('baseUrl') })
    await loginAsAdmin(admin.request)
    await saveSetting(admin.request, 'pix_key', 'loja@exemplo.com')
    await saveSetting(admin.request, 'pix_recipient_name', 'Ângela Materiais')
    await saveSetting(admin.request, 'whatsapp_number', SUPPORT_WHATSAPP)
    await admin.close()

    const products = (await (await page.request.get('/api/products')).json()) as ProductRow[]
    const product = products.find((p) => !p.isFree)!
    await page.goto(`/produto/${product.id}`)
    await page.getByRole('button', { name: 'Comprar Agora' }).click()
    await page.waitForURL((url) => url.pathname === '/checkout')
    await page.getByLabel('Nome', { exact: true }).fill('Clara')
    await page.getByLabel('Sobrenome').fill('Nunes')
    await page.getByLabel('Email').fill('clara.pix@exemplo.com')
    await page.getByLabel('WhatsApp').fill('11977776666')
    await page.getByLabel(/Criar minha conta/).uncheck()
    await page.getByLabel(/Li e aceito/).check()
    await page.getByTestId('checkout-submit').click()

    const manual = page.getByTestId('manual-confirmation')
    await manual.waitFor()
    await page.waitForURL(/\/checkout\?order=[\w-]+$/)
    const orderId = new URL(page.url()).searchParams.get('order')!
    expect((await manual.innerText()).replace(/\s+/g, ' ')).toContain(
      'a loja confere o pagamento, normalmente em minutos no horário de atendimento',
    )
    expect(await page.getByTestId('pix-recipient').innerText()).toContain('Ângela Materiais')
    expect(await page.getByTestId('demo-confirm').count()).toBe(0)

    const receipt = page.getByRole('link', { name: 'Enviar comprovante pelo WhatsApp' })
    const href = (await receipt.getAttribute('href'))!
    expect(href.startsWith(`https://wa.me/${SUPPORT_WHATSAPP}?text=`)).toBe(true)
    const text = new URL(href).searchParams.get('text')!
    expect(text).toContain(orderId)
    const amount = (await page.getByTestId('pix-amount').innerText()).replace(/\s+/g, ' ')
    expect(text.replace(/\s+/g, ' ')).toContain(amount)
  })
})
