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
  firstName: 'Lia',
  lastName: 'Professora',
  email: `lia.${Date.now()}@escola.com`,
  whatsapp: '(51) 99876-4321',
  password: 'coracao-de-giz-42',
}

describe("a guest's hearts follow her into her account, on a phone", () => {
  it('hearts a product as a guest, logs in, finds it in /favoritos and shares the list', async () => {
    const signup = await fetch(`${inject('baseUrl')}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(teacher),
    })
    expect(signup.status).toBe(201)

    await page.goto('/')
    const card = page.getByTestId('product-card').first()
    const name = (await card.locator('h3').innerText()).trim()
    const heart = page.getByRole('button', { name: 'Favoritar' }).first()
    await heart.click()
    // The same button, now pressed and named for what it does next.
    const pressed = page.getByRole('button', { name: 'Remover dos favoritos' })
    await expect.poll(() => pressed.count()).toBe(1)
    expect(await pressed.getAttribute('aria-pressed')).toBe('true')

    await page.getByTestId('header-favorites').click()
    await page.waitForURL(/\/favoritos$/)
    await page.getByTestId('favorite-row').filter({ hasText: name }).waitFor()
    // A guest's list is in this browser only: a link needs an account, and the page says so.
    await page.getByText('entre na sua conta', { exact: true }).waitFor()

    await page.goto('/login')
    await page.getByLabel('Email').fill(teacher.email)
    await page.getByLabel('Senha').fill(teacher.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.waitForURL(/\/dashboard$/)

    await page.goto('/favoritos')
    const row = page.getByTestId('favorite-row').filter({ hasText: name })
    await row.waitFor()
    // Merged into the account, and gone from the browser.
    expect(await page.evaluate(() => localStorage.getItem('favoritos_visitante'))).toBeNull()
    const stored = await page.request.get('/api/favorites')
    expect((await stored.json()).map((f: { name: string }) => f.name)).toEqual([name])

    await row.getByRole('button', { name: 'Adicionar ao carrinho' }).click()
    await page.getByText('Produto adicionado!', { exact: true }).waitFor()

    // 'Compartilhar lista': a colleague's phone opens the link and sees the material, not her.
    await page.getByRole('button', { name: 'Criar link da lista' }).click()
    const link = await page.getByTestId('shared-list-url').inputValue()
    expect(link).toMatch(/\/lista\/[A-Za-z0-9_-]{22}$/)
    const colleague = await (await phoneContext(browser, inject('baseUrl'))).newPage()
    await colleague.goto(link)
    await colleague.getByTestId('favorite-row').filter({ hasText: name }).waitFor()
    expect(await colleague.content()).not.toContain(teacher.email)
    expect(await colleague.content()).not.toContain(teacher.lastName)
    await page.getByRole('button', { name: 'Parar de compartilhar' }).click()
    await page.getByRole('button', { name: 'Criar link da lista' }).waitFor()
    await colleague.reload()
    await colleague.getByText('Esta lista não está mais compartilhada').waitFor()
    await colleague.context().close()

    await row.getByRole('button', { name: 'Remover dos favoritos' }).click()
    await page.getByText('Você ainda não tem favoritos.').waitFor()
    expect(await (await page.request.get('/api/favorites')).json()).toEqual([])
  })
})
