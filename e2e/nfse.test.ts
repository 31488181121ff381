import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const CNPJ = '11.222.333/0001-81'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
  await page.setViewportSize({ width: 390, height: 844 })
  expect((await page.request.post('/api/admin/login', { data: ADMIN })).status()).toBe(200)
  const save = async (key: string, value: string) =>
    expect(
      (await page.request.post('/api/admin/settings', { data: { key, value } })).status(),
    ).toBe(200)
  await save('focusnfe_token', inject('focusNfeToken'))
  await save('nfse_provider', 'focusnfe')
  await save('nfse_issue_on', 'paid')
  await save('nfse_service_code', '0802')
  await save('footer_cnpj', '12.345.678/0001-95')
})
afterAll(async () => {
  // Other journeys on this server expect no notas.
  await page.request.post('/api/admin/settings', { data: { key: 'nfse_provider', value: 'off' } })
  await browser?.close()
})

describe('a school buys with a nota fiscal on a phone', () => {
  it("asks 'Quero nota fiscal' with a CNPJ checked digit by digit, and the owner lists the nota", async () => {
    const products = (await (await page.request.get('/api/products')).json()) as {
      id: number
      name: string
      isFree: boolean
    }[]
    const product = products.find((p) => !p.isFree)!
    await page.goto(`/produto/${product.id}`)
    await page.getByRole('button', { name: 'Adicionar ao Carrinho' }).click()
    await page.getByText('Produto adicionado!', { exact: true }).waitFor()
    await page.goto('/checkout')
    // The admin session is a logged-in user: the checkout buys as the account.
    await page.getByTestId('contract-summary').waitFor()
    expect(await page.getByTestId('contract-summary').innerText()).toContain('Arrependimento')

    await page.getByTestId('checkout-wants-invoice').check()
    await page.getByLabel('CPF ou CNPJ da nota').fill('11.222.333/0001-80')
    await page.getByLabel('Razão social').fill('Escola Municipal Aurora')
    const submit = page.getByTestId('checkout-submit')
    if (await page.getByLabel(/Li e aceito/).count()) await page.getByLabel(/Li e aceito/).check()
    await submit.click()
    await page.getByText('CNPJ inválido').first().waitFor()

    await page.getByLabel('CPF ou CNPJ da nota').fill(CNPJ)
    await submit.click()
    await page.getByTestId('pix-qr').waitFor()
    await page.getByTestId('demo-confirm').click()
    await page.getByTestId('checkout-completed').waitFor()

    await page.goto('/admin?aba=invoices')
    const row = page.getByTestId('invoice-row').filter({ hasText: 'Escola Municipal Aurora' })
    await row.first().waitFor()
    expect(await row.first().innerText()).toMatch(/Agendada|Em processamento/)
  })
})
