import AxeBuilder from '@axe-core/playwright'
import { mkdir } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser.js'
import { withPlanOnSale } from './owner.js'

/**
 * On a 390×844 phone: the store's own PIX key, the buyer's 'Já paguei'
 * (also on a PIX that ran out), the owner confirming it from Pedidos, and a refund under the
 * store's key shown as 'Reembolso a enviar' until the owner ticks it as sent.
 * SHOTS_DIR set: the screens are saved there too.
 */
const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const OWNER_EMAIL = 'dona.alertas@teste.com'
const PHONE = { width: 390, height: 844 }

let browser: Browser
const contexts: BrowserContext[] = []
let buyer: Page
let owner: Page

interface ReceivedMail {
  to: string
  subject: string
  text: string
}

async function phone(): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: inject('baseUrl'),
    locale: 'pt-BR',
  })
  contexts.push(context)
  return context.newPage()
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await mkdir(dir, { recursive: true })
  // The sticky header would be drawn mid-page in a full-page capture of a scrolled page.
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true })
}

async function seriousViolations(target: Page) {
  const { violations } = await new AxeBuilder({ page: target })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

async function mails(): Promise<ReceivedMail[]> {
  return (await (await fetch(inject('mailboxUrl'))).json()) as ReceivedMail[]
}

/** Waits for an e-mail to `to` whose subject matches (the outbox sends within seconds). */
async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  for (let i = 0; i < 60; i++) {
    const found = (await mails()).find((m) => m.to === to && subject.test(m.subject))
    if (found) return found
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`)
}

async function saveSetting(page: Page, key: string, value: string) {
  const res = await page.request.post('/api/admin/settings', { data: { key, value } })
  expect(res.status(), await res.text()).toBe(200)
}

const orderRow = (page: Page, orderId: string) =>
  page.getByTestId('order-row').filter({ hasText: `#${orderId.slice(0, 8)}` })

beforeAll(async () => {
  browser = await launchBrowser()
  buyer = await phone()
  owner = await phone()
  const base = inject('baseUrl')
  const login = await owner.request.post('/api/admin/login', {
    data: ADMIN,
    headers: { origin: base },
  })
  expect(login.status()).toBe(200)
  await saveSetting(owner, 'pix_key', 'loja@exemplo.com')
  await saveSetting(owner, 'pix_recipient_name', 'Ângela Materiais')
  await saveSetting(owner, 'admin_email', OWNER_EMAIL)
})

// The e2e server is shared with the other files, which buy in demo mode: put it back.
afterAll(async () => {
  if (owner) {
    await saveSetting(owner, 'pix_key', '')
    await saveSetting(owner, 'payment_demo', 'true')
    await saveSetting(owner, 'admin_email', '')
  }
  for (const context of contexts) await context.close()
  await browser?.close()
})

describe("'Já paguei' with the store's own PIX key, on a phone", () => {
  let orderId: string

  it('checkout promises release after the shop confirms, not "na hora"', async () => {
    const products = (await (await buyer.request.get('/api/products')).json()) as {
      id: number
      isFree: boolean
    }[]
    const product = products.find((p) => !p.isFree)!
    await buyer.goto(`/produto/${product.id}`)
    await buyer.getByRole('button', { name: 'Comprar Agora' }).click()
    await buyer.waitForURL((url) => url.pathname === '/checkout')
    const promise = buyer.getByTestId('checkout-promise')
    await promise.getByText(/após a confirmação da loja/).waitFor()
    const page = (await buyer.locator('main').innerText()).replace(/\s+/g, ' ')
    expect(page).not.toMatch(/na hora/i)
    expect(page).toContain('os materiais são liberados após a confirmação da loja')
    await shot(buyer, 'checkout-store-key')
  })

  it('the buyer taps Já paguei; the page says the shop is checking; the owner is e-mailed', async () => {
    await buyer.getByLabel('Nome', { exact: true }).fill('Clara')
    await buyer.getByLabel('Sobrenome').fill('Nunes')
    await buyer.getByLabel('Email').fill(`clara.${Date.now()}@exemplo.com`)
    await buyer.getByLabel('WhatsApp').fill('11977776666')
    await buyer.getByLabel(/Criar minha conta/).uncheck()
    await buyer.getByLabel(/Li e aceito/).check()
    await buyer.getByTestId('checkout-submit').click()
    await buyer.getByTestId('manual-confirmation').waitFor()
    await buyer.waitForURL(/\/checkout\?order=[\w-]+$/)
    orderId = new URL(buyer.url()).searchParams.get('order')!
    await buyer.waitForLoadState('networkidle')
    expect(await seriousViolations(buyer)).toEqual([])
    await shot(buyer, 'pix-page-store-key')

    await buyer.getByTestId('pix-claim').click()
    const checking = buyer.getByTestId('awaiting-confirmation')
    await checking.waitFor()
    expect(await checking.innerText()).toContain('A loja está conferindo o seu pagamento')
    expect(await seriousViolations(buyer)).toEqual([])
    await shot(buyer, 'pix-page-awaiting-confirmation')

    const alert = await mailTo(
      OWNER_EMAIL,
      new RegExp(`Confirme o pagamento.*${orderId.slice(0, 8)}`),
    )
    expect(alert.text).toContain('avisou que já pagou')
  })

  it('a PIX that ran out still offers "Já pagou? Envie o comprovante"', async () => {
    // The server's clock cannot be moved from a browser: the page is shown the expired answer
    // (as the server gives it, API-tested in paid-claim.test.ts) and the claim itself is real.
    const statusUrl = `**/api/orders/${orderId}/status`
    await buyer.route(statusUrl, (route) =>
      route.fulfill({
        json: {
          id: orderId,
          status: 'cancelled',
          subtotalAmount: '19.90',
          discountAmount: '0.00',
          totalAmount: '19.90',
          couponCode: null,
          pixPaymentData: null,
          expiresAt: new Date(Date.now() - 60_000).toISOString(),
          awaitingConfirmation: false,
          canClaimPayment: true,
        },
      }),
    )
    await buyer.reload()
    const late = buyer.getByTestId('late-claim')
    await late.waitFor()
    expect(await late.innerText()).toContain('Já pagou? Envie o comprovante')
    await buyer.waitForLoadState('networkidle')
    expect(await seriousViolations(buyer)).toEqual([])
    await shot(buyer, 'pix-page-expired')
    await buyer.unroute(statusUrl)
    await late.getByTestId('pix-claim').click()
    await buyer.getByTestId('awaiting-confirmation').waitFor()
  })

  it('the owner sees it waiting in the overview and Pedidos, and confirms it', async () => {
    await owner.goto('/admin?aba=overview')
    const waiting = owner.getByTestId('awaiting-confirmation')
    await waiting.waitFor()
    expect(await waiting.innerText()).toMatch(/Pagamentos a confirmar: [1-9]/)
    await shot(owner, 'admin-overview-waiting')

    await owner.goto('/admin?aba=orders')
    const row = orderRow(owner, orderId)
    await row.getByTestId('order-status-label').getByText('Aguardando confirmação').waitFor()
    await shot(owner, 'admin-orders-awaiting')
    await row.getByRole('button', { name: 'Confirmar pagamento' }).click()
    const dialog = owner.getByRole('dialog')
    await dialog.getByText('Confirmar pagamento?').waitFor()
    await shot(owner, 'admin-confirm-dialog')
    await dialog.getByRole('button', { name: 'Sim, recebi o pagamento' }).click()
    await row.getByTestId('order-status-label').getByText('Pago', { exact: true }).waitFor()
  })
})

describe("a refund under the store's own key, on a phone", () => {
  it('is "Reembolso a enviar" to the owner and not done to the buyer until ticked', async () => {
    const teacher = {
      firstName: 'Rita',
      lastName: 'Professora',
      email: `rita.pix.${Date.now()}@escola.com`,
      whatsapp: '(31) 99876-4321',
      password: 'giz-de-cera-42',
    }
    const customer = await phone()
    expect((await customer.request.post('/api/auth/register', { data: teacher })).status()).toBe(
      201,
    )
    const signedIn = await customer.request.post('/api/auth/simple-login', {
      data: { email: teacher.email, password: teacher.password },
    })
    expect(signedIn.status()).toBe(200)
    const products = (await (await customer.request.get('/api/products')).json()) as {
      id: number
      isFree: boolean
    }[]
    const product = products.find((p) => !p.isFree)!
    const placed = await customer.request.post('/api/checkout', {
      headers: { 'x-session-id': `cart_${Date.now()}_reembolso` },
      data: {
        items: [{ productId: product.id, quantity: 1 }],
        customerData: {
          firstName: teacher.firstName,
          lastName: teacher.lastName,
          email: teacher.email,
          whatsapp: teacher.whatsapp,
          acceptTerms: true,
        },
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const { order } = (await placed.json()) as { order: { id: string } }
    const paid = await owner.request.put(`/api/admin/orders/${order.id}/status`, {
      data: { status: 'paid' },
    })
    expect(paid.status()).toBe(200)

    await customer.goto('/dashboard')
    const card = customer.getByTestId('order').filter({ hasText: `#${order.id.slice(0, 8)}` })
    await card.getByRole('button', { name: 'Solicitar reembolso' }).click()
    await customer.getByRole('dialog').waitFor()
    await shot(customer, 'buyer-refund-dialog')
    await customer.getByRole('button', { name: 'Pedir reembolso' }).click()
    await card.getByText('Reembolso a enviar').waitFor()
    expect(await card.innerText()).not.toContain('Reembolso feito')
    expect(await card.innerText()).toContain('a loja vai devolver')
    await shot(customer, 'buyer-history-refund-to-send')
    await mailTo(teacher.email, /Reembolso do pedido .* aprovado/)

    await owner.goto('/admin?aba=orders')
    const row = orderRow(owner, order.id)
    await row.getByTestId('order-status-label').getByText('Reembolso a enviar').waitFor()
    expect(await seriousViolations(owner)).toEqual([])
    await shot(owner, 'admin-orders-refund-to-send')
    await row.getByRole('button', { name: 'Marcar como enviado' }).click()
    await owner.getByRole('dialog').getByText('Devolução enviada?').waitFor()
    await shot(owner, 'admin-refund-sent-dialog')
    await owner.getByRole('button', { name: 'Sim, já devolvi' }).click()
    await row.getByTestId('order-status-label').getByText('Reembolsado', { exact: true }).waitFor()
    await shot(owner, 'admin-orders-statuses')
    await mailTo(teacher.email, /Reembolso do pedido .* enviado/)
  })
})

describe("the clube under the store's own PIX key, on a phone", () => {
  it("its PIX screen is checkout's: the shop confirms, 'Já paguei' is there", async () => {
    const name = `Clube Chave da Loja ${Date.now().toString(36)}`
    await withPlanOnSale(owner, { name, price: '12.90' }, async () => {
      const page = await phone()
      await page.goto('/clube')
      // The header's link to the clube shows once the page is React's: the tap below is then
      // answered by the form, not held for scripts still on their way.
      await page.getByTestId('header-clube').waitFor()
      const plan = page.getByTestId('clube-plan').filter({ hasText: name })
      await plan.getByTestId('clube-subscribe').click()
      await plan.getByLabel('Nome', { exact: true }).fill('Rita')
      await plan.getByLabel('Sobrenome').fill('Souza')
      await plan.getByLabel('E-mail').fill(`rita.${Date.now()}@exemplo.com`)
      await plan.getByLabel('WhatsApp').fill('(11) 97777-5555')
      await plan.getByRole('checkbox').check()
      await plan.getByRole('button', { name: 'Assinar e pagar com PIX' }).click()
      const pix = plan.getByTestId('clube-payment')
      await pix.getByTestId('manual-confirmation').waitFor()
      expect(await pix.getByTestId('pix-recipient').innerText()).toContain('Ângela Materiais')
      const words = (await pix.innerText()).replace(/\s+/g, ' ')
      expect(words).not.toMatch(/na hora|poucos segundos/i)
      expect(await pix.getByTestId('demo-confirm').count()).toBe(0)
      await pix.scrollIntoViewIfNeeded()
      await shot(page, 'clube-pix-store-key')
      await pix.getByTestId('pix-claim').click()
      await page.getByTestId('awaiting-confirmation').waitFor()
    })
  })
})
