import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'
import { ownerPage } from './owner.js'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
})
afterAll(() => browser?.close())

describe('a visitor browses the catalogue on a phone', () => {
  it('searches the home page and sees the grid filter', async () => {
    await page.goto('/')
    const cards = page.getByTestId('product-grid').getByTestId('product-card')
    await cards.first().waitFor()
    expect(await cards.count()).toBe(12)

    // What the search must keep: name, description or category containing the term.
    const products = (await (await page.request.get('/api/products')).json()) as {
      name: string
      description: string
      category: string
    }[]
    const term = 'sílaba'
    const expected = products
      .filter((p) => `${p.name} ${p.description} ${p.category}`.toLowerCase().includes(term))
      .map((p) => p.name)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(12)

    await page.getByTestId('search-input').fill(term)
    // The search waits 300 ms after typing, then the grid keeps only the matching materials.
    await expect.poll(() => cards.count(), { timeout: 5000 }).toBe(expected.length)
    const shown = await cards.allInnerTexts()
    for (const name of expected) expect(shown.some((text) => text.includes(name))).toBe(true)

    await page
      .getByText(
        expected.length === 1
          ? '1 material encontrado'
          : `${expected.length} materiais encontrados`,
        { exact: true },
      )
      .waitFor()

    // One match: the words agree with the count.
    const single = products[0]!.name
    await page.getByTestId('search-input').fill(single)
    await expect.poll(() => cards.count(), { timeout: 5000 }).toBe(1)
    await page.getByText('1 material encontrado', { exact: true }).waitFor()

    await page.getByTestId('search-input').fill('xyzzy nada disso')
    await page.getByText('Nenhum produto encontrado').waitFor()
  })

  it('opens a product and sees its price in reais', async () => {
    await page.goto('/')
    const card = page
      .getByTestId('product-grid')
      .getByTestId('product-card')
      .filter({ hasText: 'Kit Alfabetização' })
    await card.first().click()
    await page.waitForURL(/\/produto\/\d+$/)
    const priceBox = page.getByTestId('price-box')
    await priceBox.waitFor()
    // The demo's materials have no 'de' price: the box says the price, nothing 'especial'.
    expect(await priceBox.innerText()).toMatch(/R\$\s?\d+,\d{2}/)
    expect(await priceBox.innerText()).not.toContain('Preço especial')
    await page.getByRole('button', { name: 'Adicionar ao Carrinho' }).waitFor()
  })

  it('shows a free product as free', async () => {
    const products = (await (await page.request.get('/api/products')).json()) as {
      id: number
      isFree: boolean
    }[]
    const free = products.find((p) => p.isFree)!
    await page.goto(`/produto/${free.id}`)
    const priceBox = page.getByTestId('price-box')
    await priceBox.waitFor()
    expect(await priceBox.innerText()).toContain('GRATUITO')
    await page.getByRole('button', { name: 'BAIXAR GRÁTIS' }).waitFor()
  })

  it('tells a visitor when a product does not exist', async () => {
    await page.goto('/produto/999999')
    await page.getByText('Produto não encontrado').waitFor()
    await page.getByText('O produto que você está procurando não existe.').waitFor()
    await page
      .getByRole('button', { name: 'Voltar à loja' })
      .or(page.getByRole('link', { name: 'Voltar à loja' }))
      .first()
      .click()
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('serves share previews and a 404 page for unknown paths', async () => {
    const res = await page.request.get('/produto/1')
    const html = await res.text()
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/[^"]+\/api\/products\/1\/share\.jpg\?v=/,
    )
    // The demo's covers get their 1200×630 JPEG preview too.
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')
    const image = await page.request.get(og)
    expect(image.headers()['content-type']).toBe('image/jpeg')
    expect(html).toContain('<link rel="canonical"')
    // Older screens' .html addresses are pages of the app (the admin's: her login first); a
    // missing file stays a 404.
    expect((await page.request.get('/upload-multiplo.html')).status()).toBe(401)
    expect((await page.request.get('/nao-existe.png')).status()).toBe(404)
    await page.goto('/pagina-que-nao-existe')
    await page.getByText('Página não encontrada').waitFor()
    // A shopper is offered the store and their materials, never the admin's product form.
    expect(await page.getByRole('link', { name: 'Cadastrar produto' }).count()).toBe(0)
    await page.getByRole('link', { name: 'Meus materiais' }).first().waitFor()
  })

  it('shows the terms without asking for a login', async () => {
    await page.goto('/termos-uso')
    await page
      .getByText(/7 dias/)
      .first()
      .waitFor()
    expect(page.url()).toContain('/termos-uso')
  })
})

describe('an anonymous visit, as the console sees it', () => {
  it('logs no error and meets no 4xx on the home, a product, /clube and the checkout', async () => {
    const visitor = await (await phoneContext(browser, inject('baseUrl'))).newPage()
    const problems: string[] = []
    visitor.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    visitor.on('response', (res) => {
      if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`)
    })
    const products = (await (await visitor.request.get('/api/products')).json()) as {
      id: number
      isFree: boolean
    }[]
    const paid = products.find((p) => !p.isFree)!
    await visitor.goto('/', { waitUntil: 'networkidle' })
    await visitor.goto(`/produto/${paid.id}`, { waitUntil: 'networkidle' })
    await Promise.all([
      visitor.waitForResponse(
        (r) => r.url().endsWith('/api/cart') && r.request().method() === 'POST',
      ),
      visitor.getByRole('button', { name: /Adicionar ao Carrinho/ }).click(),
    ])
    await visitor.goto('/clube', { waitUntil: 'networkidle' })
    await visitor.goto('/checkout', { waitUntil: 'networkidle' })
    await visitor.getByText('Resumo do pedido').waitFor()
    expect(problems).toEqual([])
    await visitor.close()
  })
})

describe('a teacher plans by BNCC skill, on a phone', () => {
  it("reads who a material is for and opens a skill's page from it, with the data's credit", async () => {
    const products = (await (await page.request.get('/api/products')).json()) as {
      id: number
      name: string
      bncc: string[]
    }[]
    const maths = products.find((p) => p.name.startsWith('Avaliação Diagnóstica de Matemática'))!
    await page.goto(`/produto/${maths.id}`)
    const forWhom = page.getByTestId('for-whom')
    await forWhom.filter({ hasText: 'Para: 3º ano · Matemática · Avaliação' }).waitFor()
    await page.getByTestId('cart-button').waitFor()
    await forWhom.getByRole('link', { name: maths.bncc[0]! }).click()
    await page.waitForURL(`**/bncc/${maths.bncc[0]}`)
    await page.getByRole('heading', { level: 1, name: maths.bncc[0]! }).waitFor()
    await page.getByTestId('skill-audience').filter({ hasText: '3º ano · Matemática' }).waitFor()
    expect(await page.getByTestId('skill-text').innerText()).toMatch(/^Ler, escrever e comparar/)
    await page.getByTestId('bncc-credit').filter({ hasText: 'CC BY 4.0' }).waitFor()
    await page.getByTestId('product-card').filter({ hasText: 'Avaliação Diagnóstica' }).waitFor()
    // A code the BNCC does not have is a page that says so, with a 404.
    const missing = await page.goto('/bncc/EF01LP99')
    expect(missing?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Código BNCC não encontrado' }).waitFor()
  })
})

describe('a teacher filters the catalogue, on a phone', () => {
  it("narrows by year and component in 'Filtrar', with the counts, and the address says it", async () => {
    await page.goto('/')
    await page.getByTestId('product-card').first().waitFor()
    await page.getByTestId('cart-button').waitFor()
    await page.getByTestId('filter-button').click()
    const sheet = page.getByTestId('filter-sheet')
    await sheet.getByRole('link', { name: /^3º ano/ }).click()
    await page.waitForURL('**/?ano=3')
    await page.getByTestId('filter-button').click()
    const maths = sheet.getByRole('link', { name: /^Matemática/ })
    // The count beside it is what the tap shows.
    const said = Number((await maths.innerText()).match(/(\d+)\s*$/)![1])
    await maths.click()
    await page.waitForURL('**/?ano=3&componente=MA')
    const cards = page.getByTestId('product-grid').getByTestId('product-card')
    await cards.first().waitFor()
    expect(await cards.count()).toBe(said)
    expect(await cards.allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('Avaliação Diagnóstica de Matemática')]),
    )
    const chips = page.getByTestId('active-filters')
    await chips.getByRole('link', { name: 'Tirar o filtro 3º ano' }).waitFor()
    // A link shared on WhatsApp opens filtered: the server drew the same grid.
    const html = await (await page.request.get('/?ano=3&componente=MA')).text()
    expect(html).toContain('Avaliação Diagnóstica de Matemática')
    expect(html).not.toContain('Caderno de Caligrafia')
    await chips.getByRole('link', { name: 'Limpar filtros' }).click()
    await page.waitForURL((url) => url.search === '')
    await page.getByTestId('product-card').nth(11).waitFor()
  })
})

describe('a teacher searches with a typo, on a phone', () => {
  it('finds the material she means, and the box proposes it and a filter as she types', async () => {
    await page.goto('/')
    await page.getByTestId('product-card').first().waitFor()
    await page.getByTestId('cart-button').waitFor()
    await page.getByTestId('search-input').pressSequentially('silabas memoria', { delay: 20 })
    const box = page.getByTestId('search-suggestions')
    await box.getByRole('link', { name: 'Jogo da Memória das Sílabas' }).waitFor()
    // The grid follows the box: every word matched, accents aside.
    await page.waitForURL((url) => url.searchParams.get('q') === 'silabas memoria')
    await page.getByTestId('product-card').first().filter({ hasText: 'Jogo da Memória' }).waitFor()
    // A typo is forgiven ('alfabetisação').
    await page.getByTestId('search-input').fill('alfabetisação')
    await page
      .getByTestId('product-card')
      .first()
      .filter({ hasText: 'Kit Alfabetização Divertida' })
      .waitFor()
    await page.getByTestId('search-input').fill('jogo')
    const filter = box.getByRole('link', { name: /^Jogo \(\d+\)$/ })
    await filter.click()
    await page.waitForURL((url) => url.search === '?tipo=jogo')
    await expect.poll(() => box.count()).toBe(0)
  })
})

describe('the owner tags a material, on a phone', () => {
  it('finds a skill by words and one suggested, taps them, and the product page says it', async () => {
    const owner = await ownerPage(browser)
    const products = (await (await owner.request.get('/api/products')).json()) as {
      id: number
      name: string
      bncc: string[]
    }[]
    const memory = products.find((p) => p.name.startsWith('Jogo da Memória'))!
    try {
      await owner.goto(`/admin/edit-product/${memory.id}`)
      const tags = owner.getByTestId('school-tags')
      await tags.waitFor()
      // Its category said 'Jogo': the form starts from what the product holds.
      expect(await owner.locator('#campo-tipo').inputValue()).toBe('jogo')
      await owner.getByTestId('bncc-search').fill('sílabas iniciais')
      const result = owner.getByTestId('bncc-results').getByRole('button', { name: /EF01LP09/ })
      await result.click()
      expect(await owner.locator('#campo-bncc').inputValue()).toContain('EF01LP09')
      // 'Sugestões da BNCC' ranks skills by the product's name and description.
      await owner.getByTestId('bncc-suggest').click()
      const suggested = owner
        .getByTestId('bncc-suggestions')
        .getByRole('button', { disabled: false })
      const pick = (await suggested.first().innerText()).slice(0, 8)
      expect(pick).toMatch(/^EF\d\d[A-Z]{2}\d\d$/)
      await suggested.first().click()
      expect(await owner.locator('#campo-bncc').inputValue()).toContain(pick)
      await owner.locator('#campo-paginas').fill('16')
      await owner
        .getByRole('button', { name: /Salvar|Atualizar/ })
        .first()
        .click()
      await expect
        .poll(async () => {
          const p = (await (await owner.request.get(`/api/products/${memory.id}`)).json()) as {
            bncc: string[]
            paginas: number | null
          }
          return [p.bncc.includes('EF01LP09'), p.bncc.includes(pick), p.paginas]
        })
        .toEqual([true, true, 16])
      await owner.goto(`/produto/${memory.id}`)
      await owner
        .getByTestId('for-whom')
        .filter({ hasText: /Para: 1º ano · (.* · )?Língua Portuguesa · Jogo · 16 páginas/ })
        .waitFor()
      await owner.getByTestId('product-skills').getByRole('link', { name: 'EF01LP09' }).waitFor()
    } finally {
      // The journeys after this one find the demo as it was.
      await owner.request.put(`/api/products/${memory.id}/update-json`, {
        headers: { origin: inject('baseUrl') },
        data: {
          ...(await (await owner.request.get(`/api/products/${memory.id}`)).json()),
          bncc: memory.bncc,
          paginas: null,
        },
      })
      await owner.context().close()
    }
  })
})
