import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../bench/server-process.js'
import { launchBrowser } from './browser.js'

// The owner's first hour at 390×844: the 'Antes de vender' checklist, the demo
// removed in one tap with its words, the empty store's home page for her and for a visitor, her
// texts reviewed, the product list without the SPEC's other forms, her store's name in the header. Its own store (a fresh demo catalogue):
// removing the demo would change what the other journeys browse on the shared one.
const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const STORE_NAME = 'Ateliê da Prô Carla'
/** The neutral banner that replaces the demo's (contracts/store-texts.ts). */
const NEUTRAL_TITLE = 'Materiais pedagógicos para imprimir'
/** Where the journey's phone screenshots go, to be looked at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(tmpdir(), 'loja-first-hour-shots')

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` })

let server: ChildProcess | undefined
let dataDir: string
let baseUrl: string
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'loja-first-hour-'))
  // As bench/server-process.ts starts it, with more time: the demo's covers and PDFs are drawn
  // at the first start, which a busy machine takes well over a minute to do.
  const port = await freePort()
  baseUrl = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'first-hour-e2e-secret-0123456789',
      ADMIN_EMAIL: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 420_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`)
    if (Date.now() > deadline) throw new Error('server did not become healthy')
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (healthy) break
    await new Promise((r) => setTimeout(r, 300))
  }
  browser = await launchBrowser()
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: baseUrl,
    locale: 'pt-BR',
  })
  page = await context.newPage()
  await mkdir(SHOTS, { recursive: true })
}, 450_000)
afterAll(async () => {
  await context?.close()
  await browser?.close()
  server?.kill('SIGTERM')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function save(key: string, value: string) {
  const res = await page.request.post('/api/admin/settings', {
    data: { key, value },
    headers: { origin: baseUrl },
  })
  expect(res.status(), await res.text()).toBe(200)
}

describe("the owner's first hour, on a phone", () => {
  it('follows the checklist, removes the demo in one tap, and sees her name in the header', async () => {
    const login = await page.request.post('/api/admin/login', {
      data: ADMIN,
      headers: { origin: baseUrl },
    })
    expect(login.status()).toBe(200)
    await page.goto('/admin')
    const checklist = page.getByTestId('store-checklist')
    await checklist.getByRole('heading', { name: 'Antes de vender' }).waitFor()
    for (const key of ['payment', 'contact', 'identity', 'alerts', 'demo', 'texts']) {
      expect(await page.getByTestId(`checklist-${key}`).getAttribute('data-done')).toBe('false')
    }
    // Each step links to where it is done.
    await page
      .getByTestId('checklist-identity')
      .getByRole('link', { name: 'Preencher identidade' })
      .click()
    await page.waitForURL((url) => url.pathname === '/admin/config')
    const name = page.getByLabel('Nome da loja', { exact: true })
    await name.fill(STORE_NAME)
    await name.blur()
    await page.getByText('Configuração salva!').first().waitFor()

    await save('pix_key', 'carla@exemplo.com.br')
    await save('admin_email', 'carla@exemplo.com.br')
    await page.goto('/admin')
    await checklist.waitFor()
    expect(await page.getByTestId('checklist-payment').getAttribute('data-done')).toBe('true')
    expect(await page.getByTestId('checklist-alerts').getAttribute('data-done')).toBe('true')
    // With a payment method, the demo banner is gone; the checklist stays until all is done.
    expect(await page.getByTestId('demo-banner').count()).toBe(0)

    await page.getByTestId('remove-demo').click()
    const dialog = page.getByTestId('confirm-dialog')
    await dialog.getByText('Remover a demonstração?').waitFor()
    // The demo's own words may go with it: asked here, ticked by default.
    const replace = dialog.getByTestId('replace-demo-texts')
    expect(await replace.isChecked()).toBe(true)
    await dialog.getByText(/sobre nós e perguntas frequentes, texto do rodapé, banner/).waitFor()
    await shot('remove-demo-dialog')
    await page.getByTestId('confirm-dialog-ok').click()
    await page.getByText('Demonstração removida').first().waitFor()
    await page
      .getByText(/3 textos de exemplo trocados por textos neutros/)
      .first()
      .waitFor()
    await page.locator('[data-testid="checklist-demo"][data-done="true"]').waitFor()
    const catalogue = await page.request.get('/api/catalog')
    expect((await catalogue.json()).items ?? []).toEqual([])
    // Her texts are still to read: one link per text, each to the tab that holds it.
    const texts = page.getByTestId('checklist-texts')
    expect(await texts.getAttribute('data-done')).toBe('false')
    await texts.getByText('Revise os textos da loja').waitFor()
    await page.getByText('Demonstração removida').first().waitFor({ state: 'hidden' })
    await texts.scrollIntoViewIfNeeded()
    await shot('checklist-texts')

    // The home page of an empty store: what to do next for her, 'Em breve' for a visitor.
    await page.goto('/')
    await page.getByTestId('empty-store-owner').waitFor()
    await page.getByRole('link', { name: 'Cadastrar o primeiro material' }).waitFor()
    expect(await page.getByText('Nenhum produto disponível').count()).toBe(0)
    await page.getByTestId('empty-store-owner').scrollIntoViewIfNeeded()
    await shot('home-empty-owner')
    const visitor = await context.browser()!.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      baseURL: baseUrl,
      locale: 'pt-BR',
    })
    const guest = await visitor.newPage()
    await guest.goto('/')
    await guest.getByTestId('empty-store').getByText('Em breve').waitFor()
    expect(await guest.getByTestId('empty-store-owner').count()).toBe(0)
    expect(await guest.getByText('Nenhum produto disponível').count()).toBe(0)
    await guest.getByRole('heading', { name: NEUTRAL_TITLE }).waitFor()
    await guest.getByTestId('empty-store').scrollIntoViewIfNeeded()
    await guest.screenshot({ path: `${SHOTS}/home-empty-visitor.png` })
    await guest.goto('/sobre-nos')
    await guest.getByRole('heading', { name: 'Perguntas frequentes' }).waitFor()
    const about = await guest.locator('main').innerText()
    expect(about).not.toMatch(/criada por professoras|testados em sala de aula|poucos segundos/)
    await guest.screenshot({ path: `${SHOTS}/about-neutral.png` })
    await visitor.close()

    // 'Manter este texto' under each; kept or rewritten, each leaves the list once saved.
    await page.goto('/admin')
    await page.getByTestId('review-text-about').click()
    await page.waitForURL((url) => url.search.includes('aba=pages'))
    await page.getByTestId('keep-text-about').scrollIntoViewIfNeeded()
    await shot('config-keep-about')
    await page
      .getByTestId('keep-text-about')
      .getByRole('button', { name: 'Manter este texto' })
      .click()
    await page.getByTestId('keep-text-about').waitFor({ state: 'detached' })
    await page.goto('/admin/config?aba=general')
    const footer = page.getByLabel('Texto do rodapé', { exact: true })
    await footer.fill('Materiais do Ateliê da Prô Carla, para imprimir e usar.')
    await footer.blur()
    await page.getByText('Configuração salva!').first().waitFor()
    await page.goto('/admin/config?aba=banner')
    await page
      .getByTestId('keep-text-banner')
      .getByRole('button', { name: 'Manter este texto' })
      .click()
    await page.getByTestId('keep-text-banner').waitFor({ state: 'detached' })
    await page.goto('/admin')
    await page.locator('[data-testid="checklist-texts"][data-done="true"]').waitFor()

    // The product list keeps to her everyday path; the other forms answer at their addresses.
    await page.goto('/admin?aba=products')
    await page.getByRole('link', { name: '+ Novo produto' }).first().waitFor()
    expect(await page.getByText('Outras formas de cadastrar').count()).toBe(0)
    expect(
      await page.locator('a[href="/acesso-cadastro"], a[href="/upload-multiplo.html"]').count(),
    ).toBe(0)
    await page.getByRole('heading', { name: 'Produtos', exact: true }).scrollIntoViewIfNeeded()
    await shot('admin-products')
    expect((await page.goto('/acesso-cadastro'))!.status()).toBe(200)

    await page.goto('/')
    const header = page.locator('header').getByTestId('store-name')
    await header.waitFor()
    // The header draws the default name until the public settings arrive (a moment after the
    // first paint); the name must then be hers.
    await expect.poll(() => header.innerText(), { timeout: 10_000 }).toBe(STORE_NAME)
    expect(await page.title()).toContain(STORE_NAME)
  })
})
