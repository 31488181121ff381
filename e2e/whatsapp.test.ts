import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startFakeEvolution, type FakeEvolution } from '../src/server/testing/fake-evolution.js'
import { launchBrowser, phoneContext } from './browser.js'

/**
 * The shop owner connects WhatsApp from a phone. The gateway is a fake Evolution API started
 * here, in the test process; the store (another process) reaches it by the URL typed in.
 */
let browser: Browser
let page: Page
let fake: FakeEvolution
const ADMIN_NUMBER = '5521912345678'

beforeAll(async () => {
  fake = await startFakeEvolution({ instance: 'loja-e2e' })
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
})
afterAll(async () => {
  // The store outlives this file: leave messaging unconfigured for the journeys after it.
  await page?.request
    .post('/api/admin/whatsapp-config', { data: { apiUrl: '' } })
    .catch(() => undefined)
  await browser?.close()
  await fake?.close()
})

const connection = () => page.getByTestId('whatsapp-connection')

describe('the whatsapp tab', () => {
  it('saves the Evolution API settings and shows the instance connected', async () => {
    await page.goto('/admin')
    await page.getByLabel('E-mail', { exact: true }).fill('admin@teste.com')
    await page.getByLabel('Senha').fill('admin-senha-123')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByTestId('admin-tab-overview').waitFor()

    await page.getByTestId('admin-group-loja').click()
    await page.getByTestId('admin-tab-whatsapp').click()
    await connection().filter({ hasText: 'Não configurado' }).waitFor()
    await page.getByLabel('URL da API').fill(fake.url)
    await page.getByLabel('Chave da API').fill(fake.apiKey)
    await page.getByLabel('Nome da instância').fill(fake.instance)
    await page.getByLabel('WhatsApp do administrador').fill('(21) 91234-5678')
    await page.getByRole('button', { name: 'Salvar configuração' }).click()
    await page.getByText('Configuração salva!', { exact: true }).waitFor()

    await connection()
      .filter({ hasText: /^Conectado$/ })
      .waitFor({ timeout: 10_000 })
    // The key is never shown back, only its masked end.
    expect(await page.getByLabel('Chave da API').inputValue()).toBe('')
    expect(await page.getByLabel('Chave da API').getAttribute('placeholder')).toMatch(/^••••/)
  })

  it('sends a test message to the admin and counts it', async () => {
    await page.getByRole('button', { name: 'Enviar teste' }).click()
    await page.getByText('Mensagem enviada!', { exact: true }).waitFor()
    expect(
      fake
        .to(ADMIN_NUMBER)
        .map((m) => m.text)
        .join('\n'),
    ).toMatch(/Mensagem de teste/)
    await expect.poll(() => page.getByTestId('whatsapp-sent').innerText()).not.toBe('0')
  })

  it('shows the instance disconnected when the gateway reports it closed', async () => {
    fake.setState('close')
    await connection().filter({ hasText: 'Desconectado' }).waitFor({ timeout: 12_000 })
    await page.getByText(/Instância desconectada/).waitFor()
    fake.setState('open')
    await connection()
      .filter({ hasText: /^Conectado$/ })
      .waitFor({ timeout: 12_000 })
  })
})

describe('the Links Canva tab', () => {
  it("adds a product's template link and lists it", async () => {
    await page.getByTestId('admin-group-catalogo').click()
    await page.getByTestId('admin-tab-canva-links').click()
    const product = page.getByLabel('Produto')
    await product.locator('option', { hasText: 'Cartazes de Boas-Vindas' }).waitFor({
      state: 'attached',
    })
    await product.selectOption({ label: 'Cartazes de Boas-Vindas' })
    await page.getByLabel('ID do modelo (opcional)').fill('DAF-demo')
    await page.getByLabel('Link do modelo').fill('https://www.canva.com/design/DAF-demo/view')
    await page.getByRole('button', { name: 'Adicionar link' }).click()
    await page.getByText('Link adicionado!', { exact: true }).waitFor()
    const entry = page
      .getByTestId('canva-link')
      .filter({ hasText: 'Cartazes de Boas-Vindas' })
      .filter({ hasText: 'Modelo do produto' })
    await entry.first().waitFor()
  })
})

describe('the buyer', () => {
  it("follows the payment message's link and opens their Canva template", async () => {
    const buyer = await (await phoneContext(browser, inject('baseUrl'))).newPage()
    // The template itself lives on canva.com: answered here, the test needs no internet.
    await buyer
      .context()
      .route('https://www.canva.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Canva</title>' }),
      )
    const products = (await (await buyer.request.get('/api/products')).json()) as {
      id: number
      name: string
    }[]
    const cartazes = products.find((p) => p.name === 'Cartazes de Boas-Vindas')!
    const headers = { 'x-session-id': `cart_${Date.now()}_e2e_whatsapp_buyer` }
    const placed = await buyer.request.post('/api/checkout', {
      headers,
      data: {
        items: [{ productId: cartazes.id, quantity: 1 }],
        customerData: {
          firstName: 'Lia',
          lastName: 'Prado',
          email: `lia.${Date.now()}@exemplo.com`,
          whatsapp: '(47) 99911-2233',
          createAccount: false,
          acceptTerms: true,
        },
      },
    })
    expect(placed.status()).toBe(201)
    const { order } = (await placed.json()) as { order: { id: string } }
    await buyer.request.post(`/api/orders/${order.id}/confirm-payment`, { headers, data: {} })

    await expect.poll(() => fake.to('5547999112233').length, { timeout: 10_000 }).toBe(1)
    const text = fake.to('5547999112233')[0]!.text
    expect(text).toContain(`#${order.id.slice(0, 8)}`)
    const link = new URL(/https?:\/\/\S+\/meus-materiais\S*/.exec(text)![0])
    await buyer.goto(`${link.pathname}${link.search}`)

    const template = buyer.getByTestId('template-link').filter({ hasText: 'Cartazes' })
    await template.waitFor()
    // The store checks her access and counts the opening, then this tab goes on to Canva.
    await Promise.all([
      buyer.waitForURL(/canva\.com\/design\/DAF-demo/),
      template.getByRole('button', { name: /Abrir no Canva/ }).click(),
    ])
    // Back through the message's link: the opening is on record.
    await buyer.goto(`${link.pathname}${link.search}`)
    await template.getByText(/Acessado em/).waitFor()
    await buyer.context().close()
  })
})
