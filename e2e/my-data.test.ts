import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
})
afterAll(() => browser?.close())

const teacher = {
  firstName: 'Marta',
  lastName: 'Pedagoga',
  email: `marta.${Date.now()}@escola.com`,
  whatsapp: '(51) 99876-1234',
  password: 'lapis-de-cor-77',
}

const login = (password: string) =>
  fetch(`${inject('baseUrl')}/api/auth/simple-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: teacher.email, password }),
  })

describe('a teacher exercises her data rights in ‘Meus dados’, on a phone', () => {
  it('corrects her name, takes her data, and erases her account', async () => {
    const signup = await fetch(`${inject('baseUrl')}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(teacher),
    })
    expect(signup.status).toBe(201)
    await page.goto('/login')
    await page.getByLabel('Email').fill(teacher.email)
    await page.getByLabel('Senha').fill(teacher.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.waitForURL(/\/dashboard$/)

    const mine = page.getByRole('region', { name: 'Meus dados' })
    await mine.getByLabel('Nome', { exact: true }).fill('Marta Helena')
    await mine.getByRole('button', { name: 'Salvar correções' }).click()
    await page.getByText('Dados atualizados', { exact: true }).waitFor()

    const started = page.waitForEvent('download')
    await mine.getByRole('button', { name: 'Baixar meus dados (JSON)' }).click()
    const download = await started
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8'))
    expect(JSON.stringify(exported)).toContain(teacher.email)
    expect(JSON.stringify(exported)).toContain('Marta Helena')
    expect(JSON.stringify(exported)).not.toMatch(/password|scrypt/i)

    await mine.getByRole('button', { name: 'Excluir minha conta' }).click()
    await mine.getByLabel('Sua senha').fill('senha-errada-1')
    await mine.getByRole('button', { name: 'Excluir definitivamente' }).click()
    await mine.getByText('Senha incorreta').waitFor()
    await mine.getByLabel('Sua senha').fill(teacher.password)
    await mine.getByRole('button', { name: 'Excluir definitivamente' }).click()
    await page.waitForURL(/\/\?conta=excluida$/)

    expect((await login(teacher.password)).status).toBe(401)
  })
})
