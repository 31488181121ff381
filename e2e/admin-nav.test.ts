import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { SETTING_SCHEMA } from '../src/contracts/settings.js'
import { launchBrowser } from './browser.js'

const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const GROUPS = ['vendas', 'catalogo', 'clientes', 'loja']

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** The phone the issue measures on: 390×844. */
const phone = (): Promise<BrowserContext> =>
  browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    baseURL: inject('baseUrl'),
    locale: 'pt-BR',
  })

async function adminPhone(): Promise<Page> {
  const page = await (await phone()).newPage()
  const res = await page.request.post('/api/admin/login', { data: ADMIN })
  expect(res.status()).toBe(200)
  return page
}

/** Every WCAG 2.1 A/AA rule axe checks, whatever its impact: the admin has none broken. */
async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )
}

/** What the owner reads on the page: no setting key, no stored true/false. */
async function rawWords(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText()
  const keys = Object.keys(SETTING_SCHEMA).filter((key) => text.includes(key))
  const flags = text.match(/\b(true|false)\b/g) ?? []
  return [...keys, ...flags]
}

const selected = (page: Page, testId: string) =>
  page.getByTestId(testId).getAttribute('aria-selected')

/** Waits for the open tab's content to have loaded (no 'Carregando' left in the panel). */
async function settled(page: Page, tab: string) {
  const panel = page.locator(`#painel-${tab}`)
  await panel.waitFor()
  await page.waitForLoadState('networkidle')
  await expect.poll(() => panel.getByText(/Carregando/).count(), { timeout: 15_000 }).toBe(0)
}

describe('the admin panel on a phone, grouped by what the owner does', () => {
  const seen: string[] = []

  it('shows the four groups, in the owner’s order', async () => {
    const page = await adminPhone()
    await page.goto('/admin')
    const groups = page.getByRole('tablist', { name: 'Áreas do painel' })
    await groups.waitFor()
    expect(await groups.getByRole('tab').allInnerTexts()).toEqual([
      'Vendas',
      'Catálogo',
      'Clientes',
      'Loja',
    ])
    await page.context().close()
  })

  it.each(GROUPS)(
    'group %s: each of its tabs opens, with no axe violation and no raw key',
    async (group) => {
      const page = await adminPhone()
      await page.goto('/admin')
      await page.getByTestId(`admin-group-${group}`).click()
      expect(await selected(page, `admin-group-${group}`)).toBe('true')
      const row = page.locator(`#painel-grupo-${group} [role="tablist"]`)
      const tabs = await row
        .getByRole('tab')
        .evaluateAll((els) =>
          els.map((el) => el.getAttribute('data-testid')!.replace('admin-tab-', '')),
        )
      expect(tabs.length).toBeGreaterThan(0)
      // Every tab is checked before the verdict, so one run names every problem.
      const problems: Record<string, string[]> = {}
      for (const tab of tabs) {
        await page.getByTestId(`admin-tab-${tab}`).click()
        expect(new URL(page.url()).searchParams.get('aba')).toBe(tab)
        await settled(page, tab)
        problems[tab] = [...(await violations(page)), ...(await rawWords(page))]
        seen.push(tab)
      }
      expect(Object.entries(problems).filter(([, found]) => found.length > 0)).toEqual([])
      await page.context().close()
    },
    180_000,
  )

  it('every tab of the issue was in its group; one products view and one orders view', () => {
    // Tabs other branches add land in their group's row the same way (drawn from the table).
    for (const tab of ['overview', 'orders', 'refunds', 'coupons', 'products', 'canva-links']) {
      expect(seen).toContain(tab)
    }
    for (const tab of ['downloads', 'users', 'settings', 'emails', 'whatsapp', 'backup']) {
      expect(seen).toContain(tab)
    }
    expect(seen).not.toContain('product-management')
    expect(seen).not.toContain('order-management')
  })

  it('moves through groups and tabs with the keyboard (WAI-ARIA tabs)', async () => {
    const page = await adminPhone()
    await page.goto('/admin')
    await page.getByTestId('admin-group-vendas').focus()
    await page.keyboard.press('ArrowRight')
    expect(await selected(page, 'admin-group-catalogo')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('grupo-catalogo')
    expect(new URL(page.url()).searchParams.get('aba')).toBe('products')
    await page.keyboard.press('End')
    expect(await selected(page, 'admin-group-loja')).toBe('true')
    await page.keyboard.press('ArrowRight')
    expect(await selected(page, 'admin-group-vendas')).toBe('true')
    // Tab leaves the groups for the open group's selected tab; the arrows move along its row.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('aba-overview')
    await page.keyboard.press('ArrowRight')
    expect(await selected(page, 'admin-tab-orders')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('aba-orders')
    // Back in a group, the tab left open there is open again.
    await page.getByTestId('admin-group-loja').click()
    await page.getByTestId('admin-group-vendas').click()
    expect(await selected(page, 'admin-tab-orders')).toBe('true')
    await page.context().close()
  })

  it.each([
    ['product-management', 'catalogo', 'products'],
    ['order-management', 'vendas', 'orders'],
    ['products', 'catalogo', 'products'],
    ['users', 'clientes', 'users'],
    ['backup', 'loja', 'backup'],
    ['nao-existe', 'vendas', 'overview'],
  ])('?aba=%s opens the %s group at its %s view', async (id, group, tab) => {
    const page = await adminPhone()
    await page.goto(`/admin?aba=${id}`)
    await page.locator(`#painel-${tab}`).waitFor()
    expect(await selected(page, `admin-group-${group}`)).toBe('true')
    expect(await selected(page, `admin-tab-${tab}`)).toBe('true')
    await page.context().close()
  })

  it('the config screen’s sections all fit a 390 px phone, the one asked for in view and open', async () => {
    const page = await adminPhone()
    await page.goto('/admin/config?aba=invoices')
    const tabs = page.getByRole('tablist', { name: 'Seções' }).getByRole('tab')
    await tabs.first().waitFor()
    expect(await selected(page, 'config-tab-invoices')).toBe('true')
    const boxes = await Promise.all((await tabs.all()).map((tab) => tab.boundingBox()))
    expect(boxes).toHaveLength(9)
    for (const box of boxes) {
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    }
    // The open section is on the first screen, above the fold, without scrolling sideways.
    const open = (await page.getByTestId('config-tab-invoices').boundingBox())!
    expect(open.y + open.height).toBeLessThanOrEqual(844)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.context().close()
  })

  it('the admin login asks for the e-mail it takes', async () => {
    const page = await (await phone()).newPage()
    await page.goto('/admin/login')
    const field = page.getByLabel('E-mail', { exact: true })
    await field.waitFor()
    expect(await field.getAttribute('type')).toBe('email')
    await page.getByText('Entre com seu e-mail e senha').waitFor()
    expect(await page.getByText('Usuário', { exact: true }).count()).toBe(0)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByText('Por favor, preencha e-mail e senha.').first().waitFor()
    await page.context().close()
  })

  it('the config screen shows labels, switches and named choices; the own PIX key first', async () => {
    const page = await adminPhone()
    await page.goto('/admin/config?aba=payment')
    await page.getByTestId('setting-pix_key').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await rawWords(page)).toEqual([])
    expect(await violations(page)).toEqual([])
    // The store's key comes before the providers that charge for her.
    const keyBox = (await page.getByTestId('setting-pix_key').boundingBox())!
    const picker = (await page.getByTestId('pix-provider').boundingBox())!
    expect(keyBox.y).toBeLessThan(picker.y)
    const options = await page.locator('#config-pix_provider option').allInnerTexts()
    expect(options[0]).toMatch(/^Minha chave PIX/)
    await page.goto('/admin/config?aba=recovery')
    const flag = page.getByTestId('recovery-switch').getByRole('switch')
    await flag.waitFor()
    expect(await rawWords(page)).toEqual([])
    await page.context().close()
  })
})

describe('small truths', () => {
  it('an unknown address answers 404 with the app’s own page', async () => {
    const page = await (await phone()).newPage()
    const res = await page.goto('/pagina-que-nao-existe')
    expect(res!.status()).toBe(404)
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor()
    await page.context().close()
  })

  it('the diagnostic pages and other forms ask for the admin’s login, then open in place', async () => {
    const page = await (await phone()).newPage()
    const res = await page.goto('/acesso-cadastro')
    expect(res!.status()).toBe(401)
    await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.username)
    await page.getByLabel('Senha').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByRole('heading', { name: 'Acesso ao cadastro' }).waitFor()
    expect((await page.goto('/upload-multiplo.html'))!.status()).toBe(200)
    await page.getByTestId('product-form').waitFor()
    await page.context().close()
  })

  it('the header has ‘Meus materiais’, inside a phone’s width', async () => {
    const page = await (await phone()).newPage()
    await page.goto('/')
    const link = page.getByTestId('header-my-materials')
    await link.waitFor()
    const box = (await link.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await link.click()
    await page.waitForURL((url) => url.pathname === '/meus-materiais')
    await page.context().close()
  })

  it('the guest look-up reads the link’s e-mail and WhatsApp, then keeps them out of the address', async () => {
    const page = await (await phone()).newPage()
    await page.goto('/meus-materiais?email=ninguem%40exemplo.com&whatsapp=21987654321&x=1')
    await page.getByRole('form', { name: 'Buscar meus materiais' }).waitFor()
    await expect.poll(() => page.url(), { timeout: 10_000 }).not.toMatch(/email=|whatsapp=/)
    expect(new URL(page.url()).searchParams.get('x')).toBe('1')
    const form = page.getByRole('form', { name: 'Buscar meus materiais' })
    expect(await form.getByLabel('Email usado na compra').inputValue()).toBe('ninguem@exemplo.com')
    await page.getByText('Nenhum material encontrado').first().waitFor()
    await form.getByLabel('Email usado na compra').fill('outra@exemplo.com')
    await form.getByRole('button', { name: 'Buscar meus materiais' }).click()
    await page.waitForLoadState('networkidle')
    expect(page.url()).not.toMatch(/email=|whatsapp=|exemplo/)
    await page.context().close()
  })

  it('the customer’s dashboard has no axe violation', async () => {
    const page = await (await phone()).newPage()
    const teacher = {
      firstName: 'Lia',
      lastName: 'Professora',
      email: `lia.${Date.now()}@escola.com`,
      whatsapp: '(21) 98765-4321',
      password: 'giz-de-cera-42',
    }
    expect((await page.request.post('/api/auth/register', { data: teacher })).status()).toBe(201)
    const login = await page.request.post('/api/auth/simple-login', {
      data: { email: teacher.email, password: teacher.password },
    })
    expect(login.status()).toBe(200)
    await page.goto('/dashboard')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(await violations(page)).toEqual([])
    await page.context().close()
  })
})
