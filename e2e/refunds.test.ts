import { randomBytes } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

let browser: Browser
let buyer: Page
let owner: Page

beforeAll(async () => {
  browser = await launchBrowser()
  buyer = await (await phoneContext(browser, inject('baseUrl'))).newPage()
  owner = await (await phoneContext(browser, inject('baseUrl'))).newPage()
})
afterAll(() => browser?.close())

const teacher = {
  firstName: 'Rita',
  lastName: 'Professora',
  email: `rita.${Date.now()}@escola.com`,
  whatsapp: '(31) 99876-4321',
  password: 'giz-de-cera-42',
}

/** A demo-mode purchase of one product by the logged-in buyer (the store's own API); its id. */
async function buy(productId: number): Promise<string> {
  const session = `cart_${randomBytes(16).toString('hex')}_${Date.now()}`
  const headers = { 'x-session-id': session }
  const placed = await buyer.request.post('/api/checkout', {
    headers,
    data: { items: [{ productId, quantity: 1 }] },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const { order } = (await placed.json()) as { order: { id: string } }
  const paid = await buyer.request.post(`/api/orders/${order.id}/confirm-payment`, {
    headers,
    data: {},
  })
  expect(((await paid.json()) as { status: string }).status).toBe('confirmed')
  return order.id
}

const orderCard = (orderId: string) =>
  buyer.getByTestId('order').filter({ hasText: `Pedido #${orderId.slice(0, 8)}` })

describe('refunds on a phone', () => {
  it('the buyer asks from the customer area; the owner sees the used order and refunds it', async () => {
    const signup = await buyer.request.post('/api/auth/register', { data: teacher })
    expect(signup.status()).toBe(201)
    const buyerLogin = await buyer.request.post('/api/auth/simple-login', {
      data: { email: teacher.email, password: teacher.password },
    })
    expect(buyerLogin.status()).toBe(200)
    const products = (await (await buyer.request.get('/api/products')).json()) as {
      id: number
      isFree: boolean
    }[]
    const [untouched, used] = products.filter((p) => !p.isFree)
    const first = await buy(untouched!.id)
    const second = await buy(used!.id)
    const download = await buyer.request.post(`/api/user/download/${used!.id}?data=0`)
    expect(download.status()).toBe(200)

    // Nothing of the first order was downloaded: refunded at once.
    await buyer.goto('/dashboard')
    await orderCard(first).getByRole('button', { name: 'Solicitar reembolso' }).click()
    await buyer.getByLabel('Motivo (opcional)').fill('Comprei o kit errado')
    await buyer.getByRole('button', { name: 'Pedir reembolso' }).click()
    await buyer
      .getByText(/^Reembolso feito: /)
      .first()
      .waitFor()
    await orderCard(first).getByText('Reembolsado', { exact: true }).waitFor()

    // The second was downloaded: it waits for the owner.
    await orderCard(second).getByRole('button', { name: 'Solicitar reembolso' }).click()
    await buyer.getByRole('button', { name: 'Pedir reembolso' }).click()
    await orderCard(second).getByText('Reembolso pedido: em análise pela loja.').waitFor()

    const login = await owner.request.post('/api/admin/login', {
      data: { username: 'admin@teste.com', password: 'admin-senha-123' },
    })
    expect(login.status()).toBe(200)
    await owner.goto('/admin?aba=refunds')
    const row = owner.getByTestId('refund-row').filter({ hasText: `#${second.slice(0, 8)}` })
    await row.getByText('Em análise', { exact: true }).waitFor()
    await row.getByText('1 uso dos materiais').click()
    await row
      .getByTestId('refund-uses')
      .getByText(/download de/)
      .waitFor()
    await row.getByRole('button', { name: 'Reembolsar' }).click()
    await owner.getByRole('button', { name: 'Sim, reembolsar' }).click()
    await row.getByText('Reembolsado', { exact: true }).waitFor()

    await buyer.reload()
    await orderCard(second).getByText('Reembolsado', { exact: true }).waitFor()
    const refused = await buyer.request.post(`/api/user/download/${used!.id}?data=0`)
    expect(refused.status()).toBe(403)
  })
})
