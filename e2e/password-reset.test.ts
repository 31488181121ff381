import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'
import type { ReceivedMail } from './global-setup.js'

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
  firstName: 'Clara',
  lastName: 'Alfabetizadora',
  email: `clara.${Date.now()}@escola.com`,
  whatsapp: '(31) 99876-1234',
  password: 'senha-antiga-1',
}
const NEW_PASSWORD = 'senha-nova-da-clara-2'

/**
 * The e-mails sent to `to` so far, as the SMTP server the test run started received them, but
 * the sign-up's verification code (decision 026).
 */
async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const res = await fetch(inject('mailboxUrl'))
  return ((await res.json()) as ReceivedMail[]).filter(
    (m) => m.to === to && !m.subject.includes('código de confirmação'),
  )
}

/** Waits for the outbox worker (it sends in the background, woken by the request). */
async function waitForMail(to: string): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i++) {
    const [mail] = await mailsTo(to)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no e-mail to ${to}`)
}

describe('a teacher who forgot her password, on a phone', () => {
  it('asks for a link, gets it by e-mail, sets a new password and logs in with it', async () => {
    const signup = await fetch(`${inject('baseUrl')}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(teacher),
    })
    expect(signup.status).toBe(201)

    await page.goto('/login')
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
    await page.waitForURL(/\/esqueci-senha$/)
    await page.getByLabel('Email').fill(teacher.email)
    await page.getByRole('button', { name: 'Enviar link' }).click()
    await page.getByText(/Se houver uma conta com este e-mail/).waitFor()

    const mail = await waitForMail(teacher.email)
    expect(mail.subject).toBe('Redefinição de senha')
    const link = /href="([^"]*redefinir-senha[^"]*)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&')
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/redefinir-senha\?token=/)

    await page.goto(link!)
    await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Confirme a nova senha').fill('outra-coisa')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await page.getByText('As senhas não coincidem', { exact: true }).waitFor()
    await page.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await page.getByText('Senha alterada!', { exact: true }).waitFor()
    await page.waitForURL(/\/login$/)

    await page.getByLabel('Email').fill(teacher.email)
    await page.getByLabel('Senha').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await page.waitForURL(/\/dashboard$/)
    await page.getByRole('heading', { name: /Olá, Clara!/ }).waitFor()

    // The link worked once: opened again, it is refused in Portuguese.
    await page.goto(link!)
    await page.getByLabel('Nova senha', { exact: true }).fill('mais-uma-senha-3')
    await page.getByLabel('Confirme a nova senha').fill('mais-uma-senha-3')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await page.getByText(/Este link já foi usado/).waitFor()
  })
})
