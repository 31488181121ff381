import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

let browser: Browser
let page: Page
let product: { id: number; name: string }

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
  const products = (await (await page.request.get('/api/products')).json()) as {
    id: number
    name: string
    isFree: boolean
  }[]
  product = products.find((p) => !p.isFree)!
})
afterAll(() => browser?.close())

const count = () => page.getByTestId('cart-count').innerText()

/** A guest PIX order made through the page's own session, saved as the checkout saves it. */
async function pendingOrderInBrowser(productId: number): Promise<string> {
  return page.evaluate(async (id) => {
    const res = await fetch('/api/checkout', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-session-id': localStorage.getItem('cart_session_id') ?? '',
      },
      body: JSON.stringify({
        items: [{ productId: id, quantity: 1 }],
        customerData: {
          ...{ firstName: 'Ana', lastName: 'Lima', email: 'ana.e2e@exemplo.com' },
          ...{ whatsapp: '11977776666', createAccount: false, acceptTerms: true },
        },
      }),
    })
    const { order } = (await res.json()) as { order: { id: string } }
    const saved = { orderId: order.id, productName: 'Kit Teste', timestamp: Date.now() }
    localStorage.setItem('pendingOrder', JSON.stringify(saved))
    return order.id
  }, productId)
}

describe('the cart and the payment survive a bad connection', () => {
  it('adds through the emergency call when the first add fails', async () => {
    const seen: string[] = []
    await page.route('**/api/cart', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      seen.push(route.request().headers()['x-emergency-add'] ?? 'normal')
      if (seen.length === 1) return route.abort('failed')
      expect(route.request().postDataJSON()).toMatchObject({
        productId: product.id,
        forceAdd: true,
      })
      return route.continue()
    })
    await page.goto(`/produto/${product.id}`)
    await page.getByRole('button', { name: 'Adicionar ao Carrinho' }).click()
    await page.getByText('Produto adicionado!', { exact: true }).waitFor()
    expect(seen).toEqual(['normal', 'true'])
    await expect.poll(count).toBe('1')
    await page.unroute('**/api/cart')
  })

  it('shows the last saved cart when the cart cannot be fetched', async () => {
    await page.route('**/api/cart', (route) =>
      route.request().method() === 'GET' ? route.abort('failed') : route.continue(),
    )
    await page.goto('/')
    await expect.poll(count).toBe('1')
    await page.unroute('**/api/cart')
  })

  it('allows one quantity update per item at a time', async () => {
    await page.route('**/api/cart/*', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await page.getByTestId('cart-button').click()
    const plus = page.getByTestId('cart-item-plus').first()
    const updated = page.waitForResponse((r) => r.request().method() === 'PUT')
    await plus.click()
    await plus.click()
    await page.getByText('Atualização já em andamento', { exact: true }).waitFor()
    await updated
    await page.unroute('**/api/cart/*')
    await expect.poll(count).toBe('2')
    await page.keyboard.press('Escape')
  })

  it('announces a payment confirmed elsewhere in the app dialog, in words for a guest', async () => {
    const orderId = await pendingOrderInBrowser(product.id)
    await page.evaluate(
      async ({ id, productId }) => {
        // As the checkout saves a guest's order, with the buy-now item still in the browser.
        const guest = { email: 'ana.e2e@exemplo.com', whatsapp: '11977776666' }
        const saved = { orderId: id, productName: 'Kit Teste', timestamp: Date.now(), guest }
        localStorage.setItem('pendingOrder', JSON.stringify({ ...saved, productIds: [productId] }))
        localStorage.setItem('tempCheckoutItem', JSON.stringify({ id: 1, productId, quantity: 1 }))
        await fetch(`/api/orders/${id}/confirm-payment`, {
          method: 'POST',
          headers: { 'x-session-id': localStorage.getItem('cart_session_id') ?? '' },
        })
      },
      { id: orderId, productId: product.id },
    )
    let browserPrompt = false
    page.once('dialog', (dialog) => {
      browserPrompt = true
      void dialog.dismiss()
    })
    await page.goto('/')
    const dialog = page.getByTestId('confirm-dialog')
    await dialog.getByText('Pagamento confirmado!', { exact: true }).waitFor()
    expect(await dialog.textContent()).toContain('com o email e o WhatsApp do pedido')
    expect(await dialog.textContent()).not.toMatch(/dashboard/i)
    expect(await page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull()
    expect(await page.evaluate(() => localStorage.getItem('tempCheckoutItem'))).toBeNull()
    await dialog.getByRole('button', { name: 'Ver meus materiais' }).click()
    await page.waitForURL((url) => url.pathname === '/meus-materiais')
    expect(browserPrompt).toBe(false)
  })

  it('lists the saved order on /payment-recovery and opens its QR code', async () => {
    const orderId = await pendingOrderInBrowser(product.id)
    await page.goto('/payment-recovery')
    await page.getByText('Kit Teste').waitFor()
    await page.getByRole('button', { name: 'Verificar pagamento' }).click()
    await page.getByText('Pagamento Pendente', { exact: true }).first().waitFor()
    await page.getByRole('link', { name: 'Ver QR Code' }).click()
    await page.waitForURL((url) => url.search === `?order=${orderId}`)
    await page.getByTestId('pix-qr').waitFor()
  })

  it('says first that card payment is off, and points to PIX, before any form', async () => {
    await page.goto('/checkout-mercadopago')
    await page.getByTestId('card-unavailable').waitFor()
    await page.getByText('O pagamento com cartão não está disponível nesta loja.').waitFor()
    expect(await page.getByRole('button', { name: 'Pagar com cartão' }).count()).toBe(0)
    expect(await page.getByLabel('Email').count()).toBe(0)
    await page.getByRole('link', { name: 'Pagar com PIX' }).click()
    await page.waitForURL((url) => url.pathname === '/checkout-pix')
  })
})
