import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AdminProduct } from '../src/contracts/products.js'
import { launchBrowser } from './browser.js'
import { ownerPage } from './owner.js'

// 'Marcar selecionados' on a phone: two products chosen, a year, a component and a kind given
// to both in one write; their tags are put back afterwards for the journeys that follow.

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('tagging products together on a phone', () => {
  it('selects two products, marks them from the bar at the bottom, and the list shows it', async () => {
    const page = await ownerPage(browser)
    const origin = { origin: inject('baseUrl') }
    const list = async () =>
      (await (await page.request.get('/api/admin/products')).json()) as AdminProduct[]
    const before = (await list()).slice(0, 2)
    try {
      await page.goto('/admin?aba=products')
      for (const product of before) {
        await page
          .locator(`[data-testid="product-row"][data-product-id="${product.id}"]`)
          .getByTestId('select-product')
          .check()
      }
      const bar = page.getByTestId('bulk-bar')
      await expect.poll(() => bar.innerText()).toContain('2 selecionados')
      // The bar sits on the phone's bottom edge, in reach, whatever the scroll.
      const box = (await bar.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(844)
      expect(box.y).toBeGreaterThan(600)

      await page.getByTestId('bulk-open').click()
      const form = page.getByTestId('bulk-form')
      await form.getByTestId('bulk-anos').getByRole('button', { name: '3º ano' }).click()
      await form.getByTestId('bulk-componentes').getByRole('button', { name: 'Matemática' }).click()
      await form.getByLabel('Tipo de material').selectOption('jogo')
      await form.getByTestId('bulk-submit').click()
      await expect.poll(() => bar.count()).toBe(0)

      const after = (await list()).filter((p) => before.some((b) => b.id === p.id))
      for (const product of after) {
        expect(product.anos).toContain('3')
        expect(product.componentes).toContain('MA')
        expect(product.tipo).toBe('jogo')
      }
    } finally {
      for (const p of before) {
        const res = await page.request.post('/api/admin/products/tags', {
          headers: origin,
          data: {
            ids: [p.id],
            anos: p.anos,
            componentes: p.componentes,
            tipo: p.tipo,
            mode: 'replace',
          },
        })
        expect(res.status(), await res.text()).toBe(200)
      }
      await page.context().close()
    }
  })
})
