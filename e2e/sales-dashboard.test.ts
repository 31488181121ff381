import { readFile } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser.js'

const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
/** Where the screenshots go when asked (SHOTS_DIR); none otherwise. */
const SHOTS = process.env.SHOTS_DIR

let browser: Browser
let context: BrowserContext | undefined

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())
afterEach(async () => {
  await context?.close()
  context = undefined
})

async function open(size: { width: number; height: number }): Promise<Page> {
  context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: size,
    locale: 'pt-BR',
    acceptDownloads: true,
    // Not the headless default: the store counts its funnel without robots.
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
  })
  return context.newPage()
}

async function loginAdmin(page: Page) {
  const base = inject('baseUrl')
  const res = await page.request.post('/api/admin/login', {
    data: ADMIN,
    headers: { origin: base },
  })
  expect(res.status()).toBe(200)
}

async function setSetting(page: Page, key: string, value: string) {
  const res = await page.request.post('/api/admin/settings', {
    data: { key, value },
    headers: { origin: inject('baseUrl') },
  })
  expect(res.status(), await res.text()).toBe(200)
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false })
}

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

describe('the cookie banner', () => {
  it('asks once a pixel is set, remembers the answer, and the footer asks again', async () => {
    const admin = await open(PHONE)
    await loginAdmin(admin)
    await setSetting(admin, 'meta_pixel_id', '123456789012345')
    try {
      const page = await admin
        .context()
        .browser()!
        .newContext({ baseURL: inject('baseUrl'), viewport: PHONE, locale: 'pt-BR' })
        .then((c) => c.newPage())
      await page.goto('/')
      const banner = page.getByTestId('consent-banner')
      await banner.waitFor()
      await expect(banner.getByRole('button', { name: 'Aceitar' }).isVisible()).resolves.toBe(true)
      await shot(page, 'banner-390')
      await banner.getByRole('button', { name: 'Recusar' }).click()
      await banner.waitFor({ state: 'detached' })
      await page.reload()
      await page.waitForLoadState('load')
      await page.waitForTimeout(500)
      expect(await page.getByTestId('consent-banner').count()).toBe(0)
      // No pixel was loaded after 'Recusar'.
      expect(await page.locator('script[src*="connect.facebook.net"]').count()).toBe(0)

      await page.getByTestId('consent-open').scrollIntoViewIfNeeded()
      await page.getByTestId('consent-open').click()
      await page.getByTestId('consent-banner').getByRole('button', { name: 'Aceitar' }).click()
      await page.locator('script[src*="connect.facebook.net"]').waitFor({ state: 'attached' })
      expect(await page.evaluate(() => localStorage.getItem('loja.consent'))).toBe('accepted')
      await page.context().close()
    } finally {
      await setSetting(admin, 'meta_pixel_id', '')
    }
  })
})

describe('the sales dashboard', () => {
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`shows the period's figures and the chart at ${label} px`, async () => {
      const page = await open(size)
      await loginAdmin(page)
      await page.goto('/admin?aba=overview')
      await page.getByTestId('period-7').click()
      await page.getByTestId('sales-chart').locator('canvas').first().waitFor()
      expect(await page.getByTestId('sales-stat').count()).toBe(4)
      await page.getByTestId('sales-funnel').waitFor()
      await shot(page, `dashboard-${label}`)
    })
  }

  it('downloads the orders as a CSV for Excel pt-BR', async () => {
    const page = await open(DESKTOP)
    await loginAdmin(page)
    await page.goto('/admin?aba=overview')
    await page.getByTestId('sales-chart').locator('canvas').first().waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^pedidos-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/,
    )
    const bytes = await readFile((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toMatch(/^Pedido;Criado em;Status;/)
  })

  it('shows each ad platform in the settings', async () => {
    const page = await open(PHONE)
    await loginAdmin(page)
    await page.goto('/admin?aba=settings')
    const section = page.getByTestId('ads-status')
    await section.waitFor()
    await section.scrollIntoViewIfNeeded()
    expect(await section.getByText('Desligado').count()).toBe(3)
    await shot(page, 'ads-platforms-390')
  })
})
