import { readFile } from 'node:fs/promises'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

interface ProductRow {
  id: number
  name: string
  isFree: boolean
  downloadFiles: { fileName: string; size: number }[]
}

let browser: Browser
let context: BrowserContext
let page: Page
/** Every download the phone starts, and the windows the store opened for them. */
const downloads: Download[] = []
let popups = 0

beforeAll(async () => {
  browser = await launchBrowser()
  context = await phoneContext(browser, inject('baseUrl'))
  page = await context.newPage()
  page.on('download', (d) => downloads.push(d))
  context.on('page', (p) => {
    popups += 1
    p.on('download', (d) => downloads.push(d))
  })
})
afterAll(() => browser?.close())

const buyer = { email: `rita.${Date.now()}@exemplo.com`, whatsapp: '(31) 99876-1234' }

/** The next download started by `action`, and its bytes. */
async function downloadOf(action: () => Promise<void>) {
  const before = downloads.length
  await action()
  await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(before + 1)
  const download = downloads[before]!
  return { download, bytes: await readFile((await download.path())!) }
}

async function products(): Promise<ProductRow[]> {
  return (await (await page.request.get('/api/products')).json()) as ProductRow[]
}

describe('a guest downloads what they bought, on a phone', () => {
  let product: ProductRow

  it('buys in demo mode and finds the material by e-mail and WhatsApp', async () => {
    product = (await products()).find((p) => !p.isFree && p.downloadFiles.length > 0)!
    await page.goto(`/produto/${product.id}`)
    await page.getByRole('button', { name: 'Comprar Agora' }).click()
    await page.waitForURL((url) => url.pathname === '/checkout')
    await page.getByLabel('Nome', { exact: true }).fill('Rita')
    await page.getByLabel('Sobrenome').fill('Lima')
    await page.getByLabel('Email').fill(buyer.email)
    await page.getByLabel('WhatsApp').fill(buyer.whatsapp)
    await page.getByLabel(/Criar minha conta/).uncheck()
    await page.getByLabel(/Li e aceito/).check()
    await page.getByTestId('checkout-submit').click()
    await page.getByTestId('demo-confirm').click()
    await page.getByTestId('checkout-completed').waitFor()

    // The completed view sends a guest to 'Acesso Rápido', which searches by itself.
    await page.waitForURL(/\/meus-materiais\?email=/)
    const card = page.getByTestId('material').filter({ hasText: product.name })
    await card.waitFor()
    expect(await card.getByTestId('remaining').innerText()).toBe('3 de 3 downloads restantes')
  })

  it('downloads on /download-direto and sees the remaining count fall', async () => {
    const query = new URLSearchParams({ email: buyer.email, whatsapp: '31998761234' })
    await page.goto(`/download-direto?${query}`)
    const card = page.getByTestId('material').filter({ hasText: product.name })
    await card.waitFor()
    expect(await card.getByTestId('remaining').innerText()).toBe('3 de 3 downloads restantes')

    const { download, bytes } = await downloadOf(() =>
      card.getByTestId('material-download').click(),
    )
    expect(download.suggestedFilename()).toBe(product.downloadFiles[0]!.fileName)
    expect(bytes.length).toBe(product.downloadFiles[0]!.size)
    // A phone opens the link in a new window (SPEC.md section 7), which Chromium turns into a
    // download and closes; the store's page stays where it was.
    expect(popups).toBeGreaterThan(0)
    expect(new URL(page.url()).pathname).toBe('/download-direto')
    await page.getByText('Download iniciado!', { exact: true }).waitFor()
    await expect
      .poll(() => card.getByTestId('remaining').innerText())
      .toBe('2 de 3 downloads restantes')

    // The signed link is reusable in its window (a broken download resumes) and costs nothing.
    const again = await page.request.get(download.url(), { headers: { range: 'bytes=0-9' } })
    expect(again.status()).toBe(206)
    expect((await again.body()).equals(bytes.subarray(0, 10))).toBe(true)

    await page.getByRole('button', { name: /Voltar à busca/ }).click()
    await page.getByRole('button', { name: 'Buscar meus materiais' }).click()
    await expect
      .poll(() => card.getByTestId('remaining').innerText())
      .toBe('2 de 3 downloads restantes')
  })

  it('finds nothing with another WhatsApp', async () => {
    const query = new URLSearchParams({ email: buyer.email, whatsapp: '(31) 91111-2222' })
    await page.goto(`/baixar-materiais?${query}`)
    await page.getByText('Nenhum material encontrado', { exact: true }).first().waitFor()
    expect(await page.getByTestId('material').count()).toBe(0)
  })
})

describe('a free material', () => {
  it('downloads at once with BAIXAR GRÁTIS', async () => {
    const free = (await products()).find((p) => p.isFree && p.downloadFiles.length > 0)!
    await page.goto(`/produto/${free.id}`)
    const { download, bytes } = await downloadOf(() =>
      page.getByRole('button', { name: /BAIXAR GRÁTIS/ }).click(),
    )
    expect(download.suggestedFilename()).toBe(free.downloadFiles[0]!.fileName)
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF')
    await page.getByText('Download iniciado!', { exact: true }).waitFor()
  })
})
