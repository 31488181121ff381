import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'
import { ownerPage, withPlanOnSale } from './owner.js'

// The storefront's pages arrive drawn by the server (decision 031); the browser must take that
// markup over (hydrate it), not throw it away and draw the page again.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Parts of a page that its scripts never change: drawn by the server, they must read the same. */
const STEADY = [
  '[data-testid="store-name"]',
  'main h1',
  '[data-testid="product-grid"]',
  '[data-testid="price-box"]',
]

/** Opens a page with its console read, and marks the drawn heading before any script runs. */
async function visit(url: string) {
  const page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`)
    }
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  // The server's element and what the page says, before any script runs: hydrated, the element
  // is still the one on screen and says the same (the framework corrects a difference quietly).
  await page.addInitScript((selectors: string[]) => {
    document.addEventListener('DOMContentLoaded', () => {
      const w = window as unknown as { drawn?: Element | null; drawnTexts?: string[] }
      w.drawn = document.querySelector('#root [data-testid="store-name"]')
      w.drawnTexts = selectors.map((s) => document.querySelector(s)?.textContent ?? '')
    })
  }, STEADY)
  const res = await page.goto(url, { waitUntil: 'networkidle' })
  expect(res?.status()).toBe(200)
  return { page, problems }
}

/** The server's header element is the one on screen, and React answers its clicks. */
async function expectHydrated(page: Page) {
  const kept = await page.evaluate(() => {
    const w = window as unknown as { drawn?: Element | null }
    return Boolean(w.drawn?.isConnected)
  })
  expect(kept, 'the server-drawn header survives hydration').toBe(true)
  const texts = await page.evaluate((selectors: string[]) => {
    const w = window as unknown as { drawnTexts?: string[] }
    return {
      drawn: w.drawnTexts,
      now: selectors.map((s) => document.querySelector(s)?.textContent ?? ''),
    }
  }, STEADY)
  expect(texts.now, 'the page says what the server drew').toEqual(texts.drawn)
  await page.getByTestId('cart-button').click()
  await page.getByRole('dialog').waitFor()
}

describe('the storefront as the server draws it and the browser takes it over', () => {
  it('home, category, search, a product, the BNCC pages and /clube hydrate without a warning', async () => {
    const products = (await (await fetch(`${inject('baseUrl')}/api/products`)).json()) as {
      id: number
      category: string
      name: string
      bncc: string[]
    }[]
    const product = products[0]!
    const word = product.name.split(' ')[0]!
    // The demo catalogue teaches real BNCC skills: a product that says so, and a skill's page.
    const tagged = products.find((p) => p.bncc.length)!
    for (const url of [
      '/',
      `/?categoria=${product.category}`,
      `/?q=${encodeURIComponent(word)}`,
      `/produto/${product.id}`,
      `/produto/${tagged.id}`,
      `/bncc/${tagged.bncc[0]}`,
      // The BNCC's index: 1,580 codes in collapsed details, the taught ones linked.
      '/bncc',
      '/?ano=3&componente=MA',
      '/clube',
    ]) {
      const { page, problems } = await visit(url)
      // The content is in the first HTML, before any script: what the largest paint needs.
      const html = await (await page.request.get(url)).text()
      expect(html, url).toContain('data-testid="store-name"')
      if (url.startsWith('/produto/')) expect(html).toContain('Comprar Agora')
      if (url === '/') expect(html).toContain('data-testid="product-card"')
      if (url === '/bncc') expect(html).toContain(`href="/bncc/${tagged.bncc[0]}"`)
      await expectHydrated(page)
      expect(problems, url).toEqual([])
      await page.context().close()
    }
  })

  it("a guest's hearts show once hydrated, on the home page and a product's, with no warning", async () => {
    const products = (await (await fetch(`${inject('baseUrl')}/api/products`)).json()) as {
      id: number
    }[]
    const hearted = products[0]!.id
    for (const url of ['/', `/produto/${hearted}`, '/favoritos']) {
      const context = await phoneContext(browser, inject('baseUrl'))
      // This browser's list, there before any script: the server cannot know it, so it draws
      // every heart un-pressed, and the browser's state shows only after hydration.
      await context.addInitScript((id: number) => {
        localStorage.setItem('favoritos_visitante', JSON.stringify([id]))
      }, hearted)
      const page = await context.newPage()
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${message.type()}: ${message.text()}`)
        }
      })
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
      const html = await (await page.request.get(url)).text()
      expect(html, url).not.toContain('aria-pressed="true"')
      await page.goto(url, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Remover dos favoritos' }).first().waitFor()
      expect(problems, url).toEqual([])
      await context.close()
    }
  })

  it('a product’s description drawn as paragraphs and a list hydrates without a warning', async () => {
    const base = inject('baseUrl')
    const owner = await ownerPage(browser)
    const products = (await (await owner.request.get('/api/products')).json()) as {
      id: number
      name: string
      price: string
      description: string
    }[]
    const product = products.find((p) => p.price !== '0.00')!
    const describe = (description: string) =>
      owner.request.put(`/api/products/${product.id}/update-json`, {
        data: { name: product.name, price: product.price, description },
        headers: { origin: base },
      })
    const edited = await describe(
      'Para o 1º ano.\n\nO que vem no arquivo:\n- 20 fichas de leitura\n- Gabarito\n\nBom proveito!',
    )
    expect(edited.status(), await edited.text()).toBe(200)
    try {
      const url = `/produto/${product.id}`
      const { page, problems } = await visit(url)
      const html = await (await page.request.get(url)).text()
      expect(html).toContain(
        '<p>O que vem no arquivo:</p><ul><li>20 fichas de leitura</li><li>Gabarito</li></ul>',
      )
      const description = page.getByTestId('product-description')
      expect(await description.locator('li').allInnerTexts()).toEqual([
        '20 fichas de leitura',
        'Gabarito',
      ])
      expect(await description.locator('p').count()).toBe(3)
      await expectHydrated(page)
      expect(problems, url).toEqual([])
      await page.context().close()
    } finally {
      await describe(product.description)
      await owner.context().close()
    }
  })

  it('with a plan on sale, the home page and a product hydrate without a warning, visit after visit', async () => {
    // The header, the footer and the product's 'Incluso no clube' read the plans on sale; the
    // footer hydrates after the header, and the plans may arrive in between. The mismatch this
    // caught showed on some visits only, so each page is opened several times.
    const owner = await ownerPage(browser)
    const products = (await (await owner.request.get('/api/products')).json()) as { id: number }[]
    try {
      await withPlanOnSale(
        owner,
        { name: `Clube Hidratação ${Date.now().toString(36)}`, price: '9.90' },
        async () => {
          for (const url of ['/', `/produto/${products[0]!.id}`]) {
            for (let visitNo = 0; visitNo < 5; visitNo++) {
              const { page, problems } = await visit(url)
              await page.getByTestId('header-clube').waitFor()
              expect(problems, `${url}, visit ${visitNo + 1}`).toEqual([])
              await page.context().close()
            }
          }
        },
      )
    } finally {
      await owner.context().close()
    }
  })

  it('a search typed after hydration still filters the grid', async () => {
    const { page, problems } = await visit('/')
    const cards = page.getByTestId('product-grid').getByTestId('product-card')
    const before = await cards.count()
    await page.getByTestId('search-input').fill('xyzzy nada disso')
    await page.getByText('Nenhum produto encontrado').waitFor()
    await page.getByTestId('search-input').fill('')
    await expect.poll(() => cards.count(), { timeout: 5000 }).toBe(before)
    expect(problems).toEqual([])
    await page.context().close()
  })

  /** A page on a slow phone network: every script a second late, its console errors kept. */
  async function slowScripts() {
    const page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text())
    })
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await route.continue()
    })
    const taken = () =>
      page.evaluate(() => Boolean((window as { __lojaTaken?: boolean }).__lojaTaken))
    return { page, problems, taken }
  }

  it('a tap on the drawn page before its scripts arrive is done once they have', async () => {
    const { page, problems, taken } = await slowScripts()
    const products = (await (await page.request.get('/api/products')).json()) as {
      id: number
      isFree: boolean
    }[]
    const paid = products.find((p) => !p.isFree)!
    await page.goto(`/produto/${paid.id}`, { waitUntil: 'commit' })
    const buy = page.getByRole('button', { name: 'Comprar Agora' })
    await buy.waitFor()
    expect(await taken(), 'tapped before the scripts took the page').toBe(false)
    // Tapped twice by an impatient thumb: one purchase.
    await buy.click()
    await buy.click()
    await page.waitForURL((url) => url.pathname === '/checkout')
    await page.getByTestId('checkout-submit').waitFor()
    expect(await page.getByTestId('cart-count').textContent()).toBe('1')
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('an e-mail typed and sent before the scripts arrive is the one sent once they have', async () => {
    const { page, problems, taken } = await slowScripts()
    await page.goto('/', { waitUntil: 'commit' })
    const field = page.getByLabel('Seu e-mail')
    await field.waitFor()
    await field.fill(`cedo.${Date.now()}@exemplo.com`)
    await page.getByRole('button', { name: 'Quero' }).click()
    expect(await taken(), 'sent before the scripts took the page').toBe(false)
    await page.getByText(/Enviamos um e-mail de confirmação/).waitFor()
    expect(problems).toEqual([])
    await page.context().close()
  })

  it('the home page’s markup served at another address (offline copy) is drawn again, quietly', async () => {
    const page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text())
    })
    const home = await (await page.request.get('/')).text()
    // What the service worker answers offline for any page: its copy of the home page.
    await page.route('**/produto/1', (route) =>
      route.fulfill({ body: home, contentType: 'text/html; charset=utf-8' }),
    )
    await page.goto('/produto/1')
    await page.getByTestId('price-box').waitFor()
    expect(await page.getByTestId('product-card').count()).toBe(0)
    expect(problems.filter((p) => /Hidratação/.test(p))).toEqual([])
    await page.context().close()
  })
})
