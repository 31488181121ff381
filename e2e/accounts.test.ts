import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  context = await phoneContext(browser, inject('baseUrl'))
  page = await context.newPage()
})
afterAll(() => browser?.close())

const teacher = {
  firstName: 'Joana',
  lastName: 'Educadora',
  email: `joana.${Date.now()}@escola.com`,
  whatsapp: '(21) 99876-5432',
  password: 'giz-de-cera-42',
}

describe('a teacher’s account on a phone', () => {
  it('signs up and is sent to the login screen', async () => {
    await page.goto('/cadastro')
    await page.getByLabel('Nome', { exact: true }).fill(teacher.firstName)
    await page.getByLabel('Sobrenome').fill(teacher.lastName)
    await page.getByLabel('Email').fill(teacher.email)
    await page.getByLabel('WhatsApp').fill(teacher.whatsapp)
    await page.getByLabel('Senha', { exact: true }).fill(teacher.password)
    await page.getByLabel('Confirmar senha').fill('outra-senha')
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await page.getByText('As senhas não coincidem', { exact: true }).waitFor()

    await page.getByLabel('Confirmar senha').fill(teacher.password)
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await page.getByText('Conta criada com sucesso!', { exact: true }).waitFor()
    await page.waitForURL(/\/login$/)
  })

  it('logs in and sees the dashboard with its counters', async () => {
    await page.getByLabel('Email').fill(teacher.email)
    await page.getByLabel('Senha').fill('senha-errada')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByText('Email ou senha incorretos', { exact: true }).waitFor()

    await page.getByLabel('Senha').fill(teacher.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.waitForURL(/\/dashboard$/)
    await page.getByRole('heading', { name: /Olá, Joana!/ }).waitFor()
    expect(await page.getByTestId('count-materials').innerText()).toBe('0')
    expect(await page.getByTestId('count-orders').innerText()).toBe('0')
    expect(await page.getByTestId('count-downloads').innerText()).toBe('0')
    await page.getByText('Você ainda não comprou materiais.', { exact: true }).waitFor()
    // The session cookie is out of reach of page scripts.
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === 'loja_sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    })
  })

  it('logs out from the header and lands on the forced-logout home', async () => {
    await page.getByRole('button', { name: 'Sair' }).click()
    await page.waitForURL(/\/\?logout=force&t=\d+$/)
    await page.getByRole('link', { name: 'Entrar' }).first().waitFor()
  })

  it('is refused the dashboard once logged out', async () => {
    await page.goto('/dashboard')
    await page.getByText('Acesso negado', { exact: true }).waitFor()
    await page.waitForURL(/\/login$/)
    const me = await page.request.get('/api/auth/user')
    expect(await me.json()).toBeNull()
  })

  it('offers login or quick access on /meus-materiais', async () => {
    await page.goto('/meus-materiais')
    await page.getByRole('link', { name: /Fazer Login/ }).waitFor()
    await page.getByRole('button', { name: /Acesso Rápido/ }).click()
    await page.getByRole('button', { name: 'Buscar meus materiais' }).click()
    await page.getByText('Por favor, preencha email e WhatsApp.', { exact: true }).waitFor()
  })
})

describe('the administrator', () => {
  it('sees the login form on /admin, logs in, and is recognised', async () => {
    await page.goto('/admin')
    await page.getByLabel('E-mail', { exact: true }).fill('admin@teste.com')
    await page.getByLabel('Senha').fill('errada')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByText('Credenciais inválidas', { exact: true }).waitFor()

    await page.getByLabel('Senha').fill('admin-senha-123')
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.getByText(/Você está conectado como administrador/).waitFor()
  })
})
