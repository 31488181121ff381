import { mkdir } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'
import { waitForMail } from './mailbox.js'

/**
 * What the store promises matches how it charges, on a 390×844 phone: with its own PIX key
 * nothing says 'na hora' and the admin shows the day buyers get; with a payment that confirms by
 * itself (the demo here) the pages say 'na hora'. A 'de' price shown 'De … por …'; a Canva-only
 * material that says how its link arrives and opens through the store, never Canva's address.
 * SHOTS_DIR set: the screens are saved there too.
 */
const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const CANVA = 'https://www.canva.com/design/DAGpromessa/view'
const AT_ONCE = /na hora|imediat|poucos segundos/i

let browser: Browser
const contexts: BrowserContext[] = []
let owner: Page
let onSale: { id: number; price: string; name: string }
let canvaId: number

async function phone(): Promise<Page> {
  const context = await phoneContext(browser, inject('baseUrl'))
  contexts.push(context)
  return context.newPage()
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await mkdir(dir, { recursive: true })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true })
}

async function saveSetting(key: string, value: string) {
  const res = await owner.request.post('/api/admin/settings', { data: { key, value } })
  expect(res.status(), await res.text()).toBe(200)
}

const textOf = async (page: Page) =>
  (await page.locator('body').innerText()).replace(/\s+/g, ' ').replace(/\u00a0/g, ' ')

beforeAll(async () => {
  browser = await launchBrowser()
  owner = await phone()
  const login = await owner.request.post('/api/admin/login', {
    data: ADMIN,
    headers: { origin: inject('baseUrl') },
  })
  expect(login.status()).toBe(200)
  const products = (await (await owner.request.get('/api/products')).json()) as {
    id: number
    name: string
    price: string
    isFree: boolean
    bundleProductIds: number[]
    imageUrl: string
  }[]
  const paid = products.filter((p) => !p.isFree && p.bundleProductIds.length === 0)
  onSale = paid[0]!
  const edited = await owner.request.put(`/api/products/${onSale.id}/update-json`, {
    data: { name: onSale.name, price: '19.90', compareAtPrice: '29,90' },
  })
  expect(edited.status(), await edited.text()).toBe(200)

  // A material delivered by its Canva link alone: a cover and the link, no file.
  const cover = await owner.request.get(`${paid[1]!.imageUrl}&size=full`)
  const created = await owner.request.post('/api/products', {
    multipart: {
      name: 'Convite Editável da Formatura',
      description: 'Modelo para editar no Canva com o nome da turma.',
      price: '12.90',
      category: 'datas_comemorativas',
      isFree: 'false',
      externalLink: CANVA,
      imageFile: { name: 'capa.webp', mimeType: 'image/webp', buffer: await cover.body() },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  canvaId = ((await created.json()) as { id: number }).id
})

// The e2e server is shared with the other files, which buy in demo mode: put it back.
afterAll(async () => {
  if (owner) {
    await saveSetting('pix_key', '')
    await saveSetting('payment_demo', 'true')
    await owner.request.put(`/api/products/${onSale.id}/update-json`, {
      data: { name: onSale.name, price: onSale.price, compareAtPrice: '' },
    })
    if (canvaId) await owner.request.delete(`/api/products/${canvaId}`)
  }
  for (const context of contexts) await context.close()
  await browser?.close()
})

describe("with the store's own PIX key", () => {
  it('the product page, footer, title and FAQ say the store confirms; nothing "na hora"', async () => {
    await saveSetting('pix_key', 'loja@exemplo.com')
    await saveSetting('pix_recipient_name', 'Ângela Materiais')
    const buyer = await phone()
    await buyer.goto(`/produto/${onSale.id}`)
    await buyer.getByTestId('price-box').waitFor()
    const page = await textOf(buyer)
    expect(page).not.toMatch(AT_ONCE)
    expect(page).toContain('Liberado após a confirmação')
    expect(page).toContain('Disponível assim que a loja confirma o pagamento')
    expect(await buyer.getByTestId('footer-promise').innerText()).toBe(
      'Os materiais são liberados assim que a loja confirma o pagamento do PIX.',
    )
    expect(await buyer.title()).not.toMatch(AT_ONCE)
    const description = await buyer
      .locator('meta[property="og:description"]')
      .getAttribute('content')
    expect(description).not.toMatch(AT_ONCE)
    // The 'de' price, and 'Preço especial' because there is one.
    const box = (await buyer.getByTestId('price-box').innerText()).replace(/\s+/g, ' ')
    expect(box.replace(/\u00a0/g, ' ')).toMatch(/Preço especial De R\$ 29,90 por R\$ 19,90/)
    await shot(buyer, 'product-store-key')

    await buyer.goto('/')
    await buyer.getByTestId('hero').waitFor()
    expect(await buyer.title()).toContain('materiais pedagógicos pagos com PIX')
    expect(await textOf(buyer)).not.toMatch(AT_ONCE)
    await shot(buyer, 'home-store-key')

    await buyer.goto('/sobre-nos#perguntas-frequentes')
    await buyer.getByTestId('page-text').waitFor()
    const faq = await buyer.getByTestId('page-text').innerText()
    expect(faq).toContain(
      'Os materiais são liberados assim que a loja confirma o pagamento do PIX.',
    )
    expect(faq).not.toMatch(AT_ONCE)
  })

  it('the admin sees the PIX validity buyers get: 24 hours, and why', async () => {
    await owner.goto('/admin/config')
    await owner.getByTestId('config-tab-payment').click()
    const validity = owner.getByTestId('pix-validity')
    await validity.waitFor()
    const text = await validity.innerText()
    expect(text).toContain('Quem paga agora recebe um PIX válido por 24 horas (PIX da loja).')
    expect(text).toContain('é você quem confirma cada pagamento')
    await shot(owner, 'admin-pix-validity-store-key')
  })

  it("the owner's product form holds the 'de' price and says what the page will show", async () => {
    await owner.goto(`/admin/edit-product/${onSale.id}`)
    const field = owner.getByTestId('compare-at-input')
    await field.waitFor()
    expect(await field.inputValue()).toBe('29.90')
    const hint = () => owner.locator('#campo-compareAtPrice-dica').innerText()
    expect((await hint()).replace(/\u00a0/g, ' ')).toBe(
      'A página mostrará: De R$ 29,90 por R$ 19,90',
    )
    await field.fill('9,90')
    expect((await hint()).replace(/\u00a0/g, ' ')).toBe(
      'Precisa ser maior que o preço de venda (R$ 19,90)',
    )
    await field.fill('29,90')
    await shot(owner, 'admin-product-compare-at')
  })

  it('a Canva-only material says how its link arrives, with no download count', async () => {
    const buyer = await phone()
    await buyer.goto(`/produto/${canvaId}`)
    await buyer.getByTestId('canva-delivery').waitFor()
    const page = await textOf(buyer)
    expect(page).toContain('o link chega por e-mail e fica em Meus materiais')
    expect(page).not.toContain('downloads por compra')
    expect(page).not.toContain('Carimbo no PDF')
    expect(page).not.toContain('Preço especial')
    expect(page).not.toContain('canva.com')
    await shot(buyer, 'product-canva-store-key')
  })
})

describe('with a payment that confirms by itself (the demo)', () => {
  it('the pages say "na hora" again', async () => {
    await saveSetting('pix_key', '')
    await saveSetting('payment_demo', 'true')
    const buyer = await phone()
    await buyer.goto(`/produto/${onSale.id}`)
    await buyer.getByTestId('price-box').waitFor()
    expect(await textOf(buyer)).toContain('Download Imediato')
    expect(await buyer.getByTestId('footer-promise').innerText()).toContain('na hora')
    await buyer.goto('/')
    await buyer.getByTestId('hero').waitFor()
    expect(await buyer.title()).toContain('baixe na hora')
    await shot(buyer, 'home-provider')
  })

  it('a Canva material bought opens through the store, from the e-mail and Meus materiais', async () => {
    const buyer = await phone()
    const email = `canva.${Date.now()}@exemplo.com`
    await buyer.goto(`/produto/${canvaId}`)
    await buyer.getByRole('button', { name: 'Comprar Agora' }).click()
    await buyer.waitForURL((url) => url.pathname === '/checkout')
    await buyer.getByLabel('Nome', { exact: true }).fill('Lia')
    await buyer.getByLabel('Sobrenome').fill('Prado')
    await buyer.getByLabel('Email').fill(email)
    await buyer.getByLabel('WhatsApp').fill('11966665555')
    await buyer.getByLabel(/Criar minha conta/).uncheck()
    await buyer.getByLabel(/Li e aceito/).check()
    await buyer.getByTestId('checkout-submit').click()
    await buyer.getByTestId('demo-confirm').click()
    await buyer.getByTestId('checkout-completed').waitFor()

    const receipt = await waitForMail(email, /Pagamento confirmado/)
    expect(receipt.html + receipt.text).not.toContain('canva.com')
    const button = [...receipt.html.matchAll(/href="([^"]+)"/g)]
      .map((m) => m[1]!.replace(/&amp;/g, '&'))
      .find((href) => new URL(href).pathname.startsWith('/canva/'))!
    const link = new URL(button)

    // A stranger's browser with the address but not the access: sent to 'Meus materiais'.
    const stranger = await phone()
    const bare = await stranger.request.get(link.pathname, { maxRedirects: 0 })
    expect(bare.status()).toBe(303)
    expect(bare.headers().location).toBe('/meus-materiais')
    const guessed = await stranger.request.get(
      `/canva/${Number(link.pathname.split('/')[2]) + 7}`,
      {
        maxRedirects: 0,
      },
    )
    expect(guessed.headers().location ?? '').not.toContain('canva.com')

    // The buyer's e-mailed button: checked, counted, then on to Canva.
    const opened = await buyer.request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 })
    expect(opened.status()).toBe(303)
    expect(opened.headers().location).toBe(CANVA)

    // 'Meus materiais', in the browser that opened the e-mailed access: the store's address.
    await buyer.goto(`/meus-materiais${link.search}`)
    const template = buyer.getByTestId('template-link')
    await template.waitFor()
    const href = await template.getByRole('link', { name: /Abrir no Canva/ }).getAttribute('href')
    expect(href).toBe(link.pathname)
    expect(await textOf(buyer)).not.toContain('canva.com')
    expect(await buyer.locator('a[href*="canva.com"]').count()).toBe(0)
    const card = buyer.getByRole('link', { name: /Abrir no Canva/ }).first()
    expect(await card.getAttribute('href')).toBe(link.pathname)
    await shot(buyer, 'my-materials-canva')
  })
})
