import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'
import { waitForMail } from './mailbox.js'

/**
 * Decision 026: a teacher who once bought as a guest signs up with the same e-mail; the
 * account sees those orders only after typing the code e-mailed to her.
 */
let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
})
afterAll(() => browser?.close())

const teacher = {
  firstName: 'Rita',
  lastName: 'Alves',
  email: `rita.${Date.now()}@escola.com`,
  whatsapp: '(31) 99123-4567',
  password: 'lapis-de-cor-7',
}

describe('sign-up, the code from the e-mail, and the guest orders of that e-mail', () => {
  it('a guest order paid earlier with the e-mail (demo mode)', async () => {
    const base = inject('baseUrl')
    const rows = (await (await fetch(`${base}/api/products`)).json()) as {
      id: number
      isFree: boolean
    }[]
    const product = rows.find((p) => !p.isFree)!
    const headers = {
      'content-type': 'application/json',
      'x-session-id': `cart_${Date.now().toString(36)}_verify_0123456`,
    }
    const placed = await fetch(`${base}/api/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        items: [{ productId: product.id, quantity: 1 }],
        customerData: {
          firstName: 'Rita',
          lastName: 'Alves',
          email: teacher.email,
          // Another WhatsApp than the account's: only the verified e-mail joins this order.
          whatsapp: '(31) 98888-0000',
          createAccount: false,
          acceptTerms: true,
        },
      }),
    })
    expect(placed.status).toBe(201)
    const { order } = (await placed.json()) as { order: { id: string } }
    const paid = await fetch(`${base}/api/orders/${order.id}/confirm-payment`, {
      method: 'POST',
      headers,
      body: '{}',
    })
    expect(paid.status).toBe(200)
  })

  it('signs up and logs in: the dashboard asks for the code and shows no orders yet', async () => {
    await page.goto('/cadastro')
    await page.getByLabel('Nome', { exact: true }).fill(teacher.firstName)
    await page.getByLabel('Sobrenome').fill(teacher.lastName)
    await page.getByLabel('Email').fill(teacher.email)
    await page.getByLabel('WhatsApp').fill(teacher.whatsapp)
    await page.getByLabel('Senha', { exact: true }).fill(teacher.password)
    await page.getByLabel('Confirmar senha').fill(teacher.password)
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await page.waitForURL(/\/login$/)
    await page.getByLabel('Email').fill(teacher.email)
    await page.getByLabel('Senha').fill(teacher.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.waitForURL(/\/dashboard$/)
    await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor()
    expect(await page.getByTestId('count-orders').innerText()).toBe('0')
    const shots = process.env.E2E_SHOTS_DIR
    if (shots) {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: `${shots}/email-verification-390x844.png` })
    }
  })

  it('a wrong code is refused; the code from the e-mail brings the guest order in', async () => {
    const mail = await waitForMail(teacher.email, /código de confirmação: \d{6}/)
    const code = /(\d{6})/.exec(mail.subject)![1]!
    const field = page.getByLabel('Código de 6 números')
    await field.fill(code === '000000' ? '111111' : '000000')
    await page.getByRole('button', { name: 'Confirmar e-mail' }).click()
    await page.getByText('Código incorreto. Restam 4 tentativas.', { exact: true }).waitFor()

    await field.fill(code)
    await page.getByRole('button', { name: 'Confirmar e-mail' }).click()
    await page.getByText(/E-mail confirmado! 1 compra feita com este e-mail/).waitFor()
    await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('count-orders').innerText()).toBe('1')
    expect(await page.getByTestId('count-materials').innerText()).not.toBe('0')
  })
})
