import { readFile } from 'node:fs/promises'
import type { Browser, Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'
import type { ReceivedMail } from './global-setup.js'
import { waitForMail } from './mailbox.js'

interface ProductRow {
  id: number
  name: string
  isFree: boolean
  downloadFiles: { fileName: string; size: number }[]
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const buyer = { email: `lia.${Date.now()}@exemplo.com`, whatsapp: '(41) 99876-4321' }
let product: ProductRow

/** A fresh phone: nothing of the buyer's checkout (no cart session, no cookie). */
async function freshPhone(): Promise<Page> {
  const context = await phoneContext(browser, inject('baseUrl'))
  return context.newPage()
}

const hrefIn = (mail: ReceivedMail, path: string) =>
  [...mail.html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .find((h) => new URL(h).pathname === path)

async function downloadFrom(page: Page): Promise<{ download: Download; bytes: Buffer }> {
  const card = page.getByTestId('material').filter({ hasText: product.name })
  const started = page.waitForEvent('download', { timeout: 15_000 })
  await card.getByTestId('material-download').click()
  const download = await started
  return { download, bytes: await readFile((await download.path())!) }
}

describe('a guest reaches her materials from her e-mail, on another phone', () => {
  it('buys (demo mode); the e-mails arrive with the PIX code and then the materials', async () => {
    const base = inject('baseUrl')
    const rows = (await (await fetch(`${base}/api/products`)).json()) as ProductRow[]
    product = rows.find((p) => !p.isFree && p.downloadFiles.length > 0)!
    const session = `cart_${Date.now().toString(36)}_emailaccess_0123`
    const headers = { 'content-type': 'application/json', 'x-session-id': session }
    const placed = await fetch(`${base}/api/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        items: [{ productId: product.id, quantity: 1 }],
        customerData: {
          firstName: 'Lia',
          lastName: 'Moura',
          ...buyer,
          createAccount: false,
          acceptTerms: true,
        },
      }),
    })
    expect(placed.status).toBe(201)
    const { order } = (await placed.json()) as { order: { id: string } }
    const created = await waitForMail(buyer.email, /recebido: pague/)
    expect(hrefIn(created, '/checkout')).toContain(`order=${order.id}`)
    const paid = await fetch(`${base}/api/orders/${order.id}/confirm-payment`, {
      method: 'POST',
      headers,
      body: '{}',
    })
    expect(paid.status).toBe(200)
    await waitForMail(buyer.email, /Pagamento confirmado/)
  })

  it('the e-mail’s button opens the materials already looked up, and the file downloads', async () => {
    const mail = await waitForMail(buyer.email, /Pagamento confirmado/)
    const link = hrefIn(mail, '/meus-materiais')
    expect(link).toMatch(/\?acesso=/)
    const page = await freshPhone()
    await page.goto(link!)
    await page.getByRole('heading', { name: 'Seus materiais' }).waitFor()
    await page.getByTestId('material').filter({ hasText: product.name }).waitFor()
    const { bytes } = await downloadFrom(page)
    expect(bytes.length).toBe(product.downloadFiles[0]!.size)
    // The header's 'Meus materiais' (no link in the address) still knows her.
    await page.getByTestId('header-my-materials').click()
    await page.waitForURL((url) => url.pathname === '/meus-materiais' && url.search === '')
    await page.getByRole('heading', { name: 'Seus materiais' }).waitFor()
    await page.getByTestId('material').filter({ hasText: product.name }).waitFor()
    await page.context().close()
  })

  it('without the WhatsApp: a code by e-mail opens the materials', async () => {
    const page = await freshPhone()
    await page.goto('/meus-materiais')
    await page.getByRole('button', { name: /Acesso Rápido/ }).click()
    await page.getByRole('button', { name: 'Receber código por e-mail' }).click()
    await page.getByLabel('Email usado na compra').fill(buyer.email)
    await page.getByRole('button', { name: 'Receber código' }).click()
    await page.getByText(/enviamos um código de 6 números/).waitFor()
    const mail = await waitForMail(buyer.email, /Seu código de acesso/)
    const code = /(\d{6})/.exec(mail.subject)![1]!
    await page.getByLabel('Código de 6 números').fill('000000' === code ? '111111' : '000000')
    await page.getByRole('button', { name: 'Ver meus materiais' }).click()
    await page.getByText(/Código incorreto\. Restam 4 tentativas\./).waitFor()
    await page.getByLabel('Código de 6 números').fill(code)
    await page.getByRole('button', { name: 'Ver meus materiais' }).click()
    await page.getByTestId('material').filter({ hasText: product.name }).waitFor()
    const { bytes } = await downloadFrom(page)
    expect(bytes.length).toBe(product.downloadFiles[0]!.size)
    await page.context().close()
  })

  it("an order of two materials: 'Baixar tudo (ZIP)' from the e-mail's link saves one ZIP", async () => {
    const base = inject('baseUrl')
    const rows = (await (await fetch(`${base}/api/products`)).json()) as ProductRow[]
    const two = rows.filter((p) => !p.isFree && p.downloadFiles.length > 0).slice(0, 2)
    expect(two).toHaveLength(2)
    const email = `zip.${Date.now()}@exemplo.com`
    const headers = {
      'content-type': 'application/json',
      'x-session-id': `cart_${Date.now().toString(36)}_emailzip_0123`,
    }
    const placed = await fetch(`${base}/api/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        items: two.map((p) => ({ productId: p.id, quantity: 1 })),
        customerData: {
          firstName: 'Lia',
          lastName: 'Moura',
          email,
          whatsapp: buyer.whatsapp,
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
    const link = hrefIn(await waitForMail(email, /Pagamento confirmado/), '/meus-materiais')
    const page = await freshPhone()
    // A phone hands the ZIP's link to a new window, which Chromium turns into a download.
    const saved: Download[] = []
    page.on('download', (d) => saved.push(d))
    page.context().on('page', (p) => p.on('download', (d) => saved.push(d)))
    await page.goto(link!)
    const zip = page.getByTestId('order-zip').filter({ hasText: `Pedido #${order.id.slice(0, 8)}` })
    await zip.scrollIntoViewIfNeeded()
    await zip.getByRole('button', { name: 'Baixar tudo (ZIP)' }).click()
    await expect.poll(() => saved.length, { timeout: 15_000 }).toBe(1)
    expect(saved[0]!.suggestedFilename()).toBe(`pedido-${order.id}.zip`)
    const bytes = await readFile((await saved[0]!.path())!)
    expect(bytes.subarray(0, 2).toString()).toBe('PK')
    // One download of each material, shown at once.
    for (const p of two) {
      await expect
        .poll(() =>
          page
            .getByTestId('material')
            .filter({ hasText: p.name })
            .getByTestId('remaining')
            .innerText(),
        )
        .toBe('2 de 3 downloads restantes')
    }
    await page.context().close()
  })
})
