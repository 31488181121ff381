import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'
import { waitForMail } from './mailbox.js'

interface ProductRow {
  id: number
  name: string
  isFree: boolean
  bncc: string[]
}

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
})
afterAll(() => browser?.close())

const teacher = {
  firstName: 'Lúcia',
  lastName: 'Alfabetizadora',
  email: `lucia.${Date.now()}@escola.com`,
  whatsapp: '(41) 99876-2468',
  password: 'lapis-de-cor-31',
}

describe("'Relatório de habilidades' on a phone", () => {
  it('shows the skills of her tagged material and saves them as a PDF', async () => {
    expect((await page.request.post('/api/auth/register', { data: teacher })).status()).toBe(201)
    const login = await page.request.post('/api/auth/simple-login', {
      data: { email: teacher.email, password: teacher.password },
    })
    expect(login.status()).toBe(200)
    const products = (await (await page.request.get('/api/products')).json()) as ProductRow[]
    const tagged = products.find((p) => !p.isFree && p.bncc.length > 0)!
    // A demo-mode purchase, the way checkout makes one for a logged-in buyer.
    const headers = { 'x-session-id': `cart_${randomBytes(16).toString('hex')}_${Date.now()}` }
    const placed = await page.request.post('/api/checkout', {
      headers,
      data: { items: [{ productId: tagged.id, quantity: 1 }] },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const { order } = (await placed.json()) as { order: { id: string } }
    const paid = await page.request.post(`/api/orders/${order.id}/confirm-payment`, {
      headers,
      data: {},
    })
    expect(((await paid.json()) as { status: string }).status).toBe('confirmed')

    await page.goto('/meus-materiais')
    const report = page.getByRole('region', { name: 'Relatório de habilidades' })
    await report.getByText(tagged.bncc[0]!, { exact: true }).first().waitFor()
    await report.getByRole('link', { name: tagged.name }).first().waitFor()
    await report.getByTestId('bncc-credit').waitFor()

    const started = page.waitForEvent('download')
    await report.getByRole('link', { name: 'Baixar PDF' }).click()
    const download = await started
    expect(download.suggestedFilename()).toBe('habilidades-bncc.pdf')
    const bytes = await readFile((await download.path())!)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it("shows a guest's report on the phone her order e-mail's link opened", async () => {
    const products = (await (await page.request.get('/api/products')).json()) as ProductRow[]
    const tagged = products.filter((p) => !p.isFree && p.bncc.length > 0).at(-1)!
    const buyer = { email: `guest.${Date.now()}@exemplo.com`, whatsapp: '(41) 99876-1357' }
    const headers = { 'x-session-id': `cart_${randomBytes(16).toString('hex')}_${Date.now()}` }
    const guestPhone = await (await phoneContext(browser, inject('baseUrl'))).newPage()
    const placed = await guestPhone.request.post('/api/checkout', {
      headers,
      data: {
        items: [{ productId: tagged.id, quantity: 1 }],
        customerData: {
          firstName: 'Cida',
          lastName: 'Monteiro',
          ...buyer,
          createAccount: false,
          acceptTerms: true,
        },
      },
    })
    expect(placed.status(), await placed.text()).toBe(201)
    const { order } = (await placed.json()) as { order: { id: string } }
    await guestPhone.request.post(`/api/orders/${order.id}/confirm-payment`, { headers, data: {} })
    const mail = await waitForMail(buyer.email, /Pagamento confirmado/)
    const link = [...mail.html.matchAll(/href="([^"]+)"/g)]
      .map((m) => m[1]!.replace(/&amp;/g, '&'))
      .find((h) => new URL(h).pathname === '/meus-materiais')!

    const phone = await (await phoneContext(browser, inject('baseUrl'))).newPage()
    await phone.goto(link)
    const report = phone.getByRole('region', { name: 'Relatório de habilidades' })
    await report.getByText(tagged.bncc[0]!, { exact: true }).first().waitFor()
    const pdf = await phone.request.get(
      (await report.getByRole('link', { name: 'Baixar PDF' }).getAttribute('href'))!,
    )
    expect(pdf.headers()['content-type']).toBe('application/pdf')
  })
})
