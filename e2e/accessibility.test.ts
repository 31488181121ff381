import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser.js'

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  // The phone the issue measures on: 390×844.
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    baseURL: inject('baseUrl'),
    locale: 'pt-BR',
  })
  page = await context.newPage()
})
afterAll(() => browser?.close())

/** WCAG 2.1 A and AA rules that axe rates serious or critical: the ones a buyer trips over. */
async function seriousViolations(target: Page) {
  const { violations } = await new AxeBuilder({ page: target })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

const PAGES: Array<[string, string]> = [
  ['/', 'h1'],
  ['/produto/1', 'h1'],
  ['/produto/2', 'h1'],
  ['/?categoria=matematica', 'h2'],
  ['/clube', 'h1'],
  ['/sobre-nos', 'h1'],
  ['/politica-privacidade', 'h1'],
  ['/termos-uso', 'h1'],
  ['/login', 'form'],
  ['/cadastro', 'form'],
  ['/esqueci-senha', 'form'],
  ['/meus-materiais', 'main h1, main h2'],
  ['/favoritos', 'main h1'],
  // A shared list's link that no longer opens: what a colleague sees after it was revoked.
  ['/lista/AAAAAAAAAAAAAAAAAAAAAA', 'main p.text-lg'],
  ['/acesso-cadastro', 'main h1, main h2'],
  ['/download-direto', 'main h1, main h2'],
  ['/checkout', 'main h1, main h2'],
  ['/admin/login', 'form'],
  ['/pagina-que-nao-existe', 'main h1'],
]

describe('every public page on a phone: no serious or critical axe-core violation', () => {
  it.each(PAGES)('%s', async (url, ready) => {
    await page.goto(url)
    await page.locator(ready).first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('the cart sheet, opened with a product in it', async () => {
    await page.goto('/produto/1')
    await page
      .getByRole('button', { name: /adicionar ao carrinho/i })
      .first()
      .click()
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('1')
    // As a buyer does: the confirmation shows, then the cart opens above it, so Escape (which
    // closes the topmost layer) closes the sheet. A toast shown after the sheet opened would
    // take the first Escape itself.
    await page.getByText('Produto adicionado!', { exact: true }).waitFor()
    await page.getByTestId('cart-button').click()
    const sheet = page.getByRole('dialog')
    await sheet.waitFor()
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
  })

  it('forms showing their errors', async () => {
    await page.goto('/login')
    await page.locator('form button[type="submit"]').first().click()
    await page.locator('[aria-invalid="true"], [role="alert"]').first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/cadastro')
    await page.locator('form button[type="submit"]').first().click()
    await page.locator('[aria-invalid="true"], [role="alert"]').first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})
