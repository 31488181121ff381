import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser.js'
import { waitForMail } from './mailbox.js'

const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const PHONE = { width: 390, height: 844 }

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function phone(): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: inject('baseUrl'),
    locale: 'pt-BR',
  })
  return context.newPage()
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true })
}

describe('the owner composes and previews a newsletter, on her phone', () => {
  it('composes with featured materials and sees the e-mail at phone width', async () => {
    const page = await phone()
    expect((await page.request.post('/api/admin/login', { data: ADMIN })).status()).toBe(200)
    await page.goto('/admin?aba=newsletters')
    await page.getByTestId('newsletter-subscribers').waitFor()
    // Nothing typed: the form says what is missing, under each field.
    await page.getByTestId('newsletter-save').click()
    await page.getByText('Informe o assunto').waitFor()
    await page.getByLabel('Assunto').fill('Volta às aulas: kits novos')
    await page
      .getByLabel('Texto')
      .fill('Chegaram os kits de volta às aulas.\n\nAproveite os materiais em destaque!')
    const choices = page.locator('fieldset input[type=checkbox]')
    await choices.nth(0).check()
    await choices.nth(1).check()
    await shot(page, 'admin-novidades-compor')
    await page.getByTestId('newsletter-save').click()
    const preview = page.getByTestId('newsletter-preview')
    await preview.waitFor()
    const frame = page.frameLocator('iframe[title="Prévia da novidade"]')
    await frame.getByText('Chegaram os kits de volta às aulas.', { exact: true }).waitFor()
    await frame.getByText('Cancelar inscrição').waitFor()
    await frame.getByText('Ver material').first().waitFor()
    // Each featured material shows its cover, loaded from the store (a JPEG every mail app shows).
    const covers = frame.locator('img[alt^="Capa de "]')
    await expect.poll(() => covers.count()).toBe(2)
    for (const cover of await covers.all()) {
      expect(await cover.getAttribute('src')).toMatch(/\/api\/products\/\d+\/share\.jpg\?v=/)
      await expect
        .poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(1200)
    }
    expect(await page.locator('iframe[title="Prévia da novidade"]').getAttribute('width')).toBe(
      '390',
    )
    await preview.scrollIntoViewIfNeeded()
    await shot(page, 'admin-novidades-previa')
    await page.getByTestId('newsletter-row').filter({ hasText: 'Volta às aulas' }).waitFor()
    await page.context().close()
  })

  it('says how many confirmed subscribers a send goes to, one in the singular', async () => {
    const page = await phone()
    expect((await page.request.post('/api/admin/login', { data: ADMIN })).status()).toBe(200)
    const confirmedTile = async () => {
      await page.goto('/admin?aba=newsletters')
      const tile = page.getByTestId('newsletter-subscribers').locator('p').nth(1)
      return Number(await tile.innerText())
    }
    const recipients = async () => {
      await page
        .getByTestId('newsletter-row')
        .filter({ hasText: 'Volta às aulas' })
        .getByRole('button', { name: 'Enviar para inscritos' })
        .click()
      const text = await page.getByTestId('newsletter-recipients').innerText()
      await page.getByRole('button', { name: 'Cancelar' }).click()
      return text
    }
    const confirmOne = async () => {
      const email = `inscrita.${Date.now()}@exemplo.com`
      const asked = await page.request.post('/api/newsletter/subscribe', { data: { email } })
      expect(asked.status()).toBe(200)
      const mail = await waitForMail(email, /Confirme seu e-mail/)
      const link = new URL(/href="([^"]*\/novidades\/confirmar[^"]*)"/.exec(mail.html)![1]!)
      const token = link.searchParams.get('t')!
      const res = await page.request.post(`/api/newsletter/confirm?t=${token}`)
      expect(res.status()).toBe(200)
    }

    await confirmOne()
    const first = await confirmedTile()
    expect(await recipients()).toBe(
      first === 1
        ? 'Vai para 1 inscrito confirmado, aos poucos (o ritmo está em Configurações). Depois de iniciado, o envio não pode ser desfeito.'
        : `Vai para ${first} inscritos confirmados, aos poucos (o ritmo está em Configurações). Depois de iniciado, o envio não pode ser desfeito.`,
    )
    await confirmOne()
    expect(await confirmedTile()).toBe(first + 1)
    expect(await recipients()).toBe(
      `Vai para ${first + 1} inscritos confirmados, aos poucos (o ritmo está em Configurações). Depois de iniciado, o envio não pode ser desfeito.`,
    )
    await page.context().close()
  })

  it('a visitor asks for news in the footer and is told to confirm', async () => {
    const page = await phone()
    await page.goto('/')
    await page.getByLabel('Seu e-mail').fill(`leitora.${Date.now()}@exemplo.com`)
    await page.getByRole('button', { name: 'Quero' }).click()
    await page.getByText(/Enviamos um e-mail de confirmação/).waitFor()
    await page
      .locator('footer')
      .screenshot({ path: `${process.env.SHOTS_DIR ?? '/tmp'}/rodape-novidades.png` })
    await page.context().close()
  })
})
