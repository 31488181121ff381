import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, phoneContext } from './browser.js'

/**
 * The owner's configuration names three things a teacher has no reason to know: each is told in
 * a sentence where the panel shows it.
 */
let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await (await phoneContext(browser, inject('baseUrl'))).newPage()
  await page.goto('/admin')
  await page.getByLabel('E-mail', { exact: true }).fill('admin@teste.com')
  await page.getByLabel('Senha').fill('admin-senha-123')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await page.getByTestId('admin-tab-overview').waitFor()
})
afterAll(async () => {
  await browser?.close()
})

describe('the admin configuration in plain words', () => {
  it('says what a webhook is beside the providers, and what SMTP is above the e-mail fields', async () => {
    await page.goto('/admin/config')
    await page.getByTestId('config-tab-payment').click()
    const webhook = page.getByTestId('webhook-explained')
    await webhook.waitFor()
    expect(await webhook.textContent()).toContain(
      'Webhook é o aviso automático que o provedor manda para a loja quando um PIX é pago',
    )

    await page.getByTestId('config-tab-email').click()
    const smtp = page.getByTestId('smtp-explained')
    await smtp.waitFor()
    expect(await smtp.textContent()).toContain('SMTP é o servidor de envio do seu e-mail')
  })

  it('says what the Evolution API is on the WhatsApp tab', async () => {
    await page.goto('/admin')
    await page.getByTestId('admin-group-loja').click()
    await page.getByTestId('admin-tab-whatsapp').click()
    const evolution = page.getByTestId('evolution-api-explained')
    await evolution.waitFor()
    expect(await evolution.textContent()).toContain(
      'A Evolution API é o programa que liga a loja a um WhatsApp de celular',
    )
  })
})
