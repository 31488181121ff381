import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Product } from '../src/contracts/products.js'
import { launchBrowser, phoneContext } from './browser.js'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
})
afterAll(() => browser?.close())

/** The demo's first material, once the store's job has drawn its pages (seconds after start). */
async function productWithPreviews(): Promise<Product> {
  let product: Product | null = null
  await expect
    .poll(
      async () => {
        const res = await fetch(`${inject('baseUrl')}/api/products`)
        const list = (await res.json()) as Product[]
        product = list.find((p) => p.previewStatus === 'ready' && p.previews.length >= 3) ?? null
        return product !== null
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true)
  return product!
}

const title = () => page.getByTestId('preview-viewer').getByRole('heading').innerText()

describe("'Veja por dentro' on a phone", () => {
  it('swipes through the preview pages and opens one full-screen', async () => {
    const product = await productWithPreviews()
    await page.goto(`/produto/${product.id}`)
    const strip = page.getByTestId('page-previews')
    await strip.getByRole('heading', { name: 'Veja por dentro' }).waitFor()
    const pages = strip.getByRole('listitem')
    expect(await pages.count()).toBe(product.previews.length)
    await expect.poll(() => pages.first().innerText()).toMatch(/^Página 1/)

    // A sideways swipe over the row brings the last page into view.
    const list = strip.getByRole('list')
    const box = (await list.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.wheel(box.width, 0)
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await expect.poll(() => pages.last().isVisible()).toBe(true)

    await strip.getByRole('button', { name: /página 2/i }).click()
    const viewer = page.getByTestId('preview-viewer')
    await viewer.waitFor()
    await expect.poll(title).toMatch(/^Página 2/)
    // Full-screen: the dialog covers the phone's whole screen.
    const cover = (await viewer.boundingBox())!
    expect([cover.width, cover.height]).toEqual([390, 844])
    await viewer.getByRole('button', { name: 'Próxima →' }).click()
    await expect.poll(title).toMatch(/^Página 3/)
    // A swipe back: the track scrolled one page to the left, as a thumb scrolls it (a wheel
    // event's scroll lands late on a loaded machine).
    const track = viewer.getByTestId('preview-track')
    await track.evaluate((el) => el.scrollBy({ left: -el.clientWidth }))
    await expect.poll(title, { timeout: 10_000 }).toMatch(/^Página 2/)
    await page.keyboard.press('Escape')
    await expect.poll(() => viewer.count()).toBe(0)

    // Every image shown is a public WebP cached for a year.
    const image = await page.request.get(product.previews[0]!.url)
    expect(image.headers()['content-type']).toBe('image/webp')
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
