import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser.js'
import { waitForMail } from './mailbox.js'

const ADMIN = { username: 'admin@teste.com', password: 'admin-senha-123' }
const PHONE = { width: 390, height: 844 }
/** Where the screenshots go when asked (SHOTS_DIR); none otherwise. */
const SHOTS = process.env.SHOTS_DIR
const PLAN = `Clube Alfabetizar ${Date.now().toString(36)}`
const buyer = { email: `bia.${Date.now()}@exemplo.com`, whatsapp: '(31) 99876-1234' }

let browser: Browser
const contexts: BrowserContext[] = []
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  for (const c of contexts) await c.close()
  await browser?.close()
})

async function phone(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  contexts.push(context)
  return context.newPage()
}

const shot = async (page: Page, name: string, fullPage = false) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage })
}

let admin: Page

/** Puts `target` at the top of the screen, below the sticky header. */
async function scrollBelowHeader(target: Locator) {
  await target.evaluate((el) =>
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 140),
  )
}

describe('the clube on a phone: the owner sets it up, a guest subscribes, sees, cancels', () => {
  it('the owner creates a plan with its cover in the Clube tab, then edits it', async () => {
    admin = await phone()
    const res = await admin.request.post('/api/admin/login', {
      data: ADMIN,
      headers: { origin: inject('baseUrl') },
    })
    expect(res.status()).toBe(200)
    await admin.goto('/admin?aba=clube')
    const form = admin.getByTestId('plan-form')
    await form.getByLabel('Nome do plano').fill(PLAN)
    await form.getByLabel('Preço por ciclo (R$)').fill('19,90')
    await form.getByLabel('Descrição').fill('Atividades de alfabetização novas todo mês.')
    const cover = await sharp({
      create: { width: 1200, height: 675, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer()
    await form.getByTestId('plan-image').setInputFiles({
      name: 'capa.png',
      mimeType: 'image/png',
      buffer: cover,
    })
    await form.getByRole('button', { name: 'Criar plano' }).click()
    const row = admin.getByTestId('clube-admin-plan').filter({ hasText: PLAN })
    await row.waitFor()
    await expect.poll(() => row.locator('img').count()).toBe(1)
    await row.scrollIntoViewIfNeeded()
    await shot(admin, 'admin-clube-planos')

    await row.getByTestId('clube-plan-edit').click()
    await admin.getByRole('heading', { name: `Editar plano: ${PLAN}` }).waitFor()
    await form.getByLabel('Preço por ciclo (R$)').fill('24,90')
    await form.getByTestId('plan-price-notice').waitFor()
    await scrollBelowHeader(admin.getByRole('heading', { name: `Editar plano: ${PLAN}` }))
    await shot(admin, 'admin-clube-editar')
    await form.getByLabel('Preço por ciclo (R$)').fill('19,90')
    // The description takes several lines, and /clube shows them as typed.
    const description = form.getByLabel('Descrição')
    expect(await description.evaluate((el) => el.tagName)).toBe('TEXTAREA')
    await description.fill('Atividades de alfabetização, novas todo mês.\nFichas para imprimir.')
    await form.getByRole('button', { name: 'Salvar plano' }).click()
    await admin.getByRole('heading', { name: 'Novo plano' }).waitFor()
    await row.getByText('R$ 19,90 por mês').waitFor()
  })

  it('a plan on sale is linked from the header, the home page, the footer and the sitemap', async () => {
    const page = await phone()
    await page.goto('/')
    await page.getByTestId('header-clube').filter({ hasText: 'Clube' }).waitFor()
    // The strip keeps all it holds on a 390 px phone: nothing runs off its right edge.
    const strip = page.getByTestId('header-clube').locator('xpath=..')
    expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const invite = page.getByTestId('home-clube')
    await invite.filter({ hasText: 'Conhecer o clube' }).waitFor()
    expect(await invite.innerText()).toMatch(/\/mês · \d+ materia(l|is) para baixar/)
    await shot(page, 'home-clube')
    await invite.scrollIntoViewIfNeeded()
    await shot(page, 'home-clube-convite')
    const footer = page.getByTestId('footer-clube')
    await footer.filter({ hasText: 'Clube de materiais' }).waitFor()
    await footer.scrollIntoViewIfNeeded()
    await shot(page, 'rodape-clube')
    const sitemap = await (await page.request.get('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${inject('baseUrl')}/clube</loc>`)
    await page.getByTestId('header-clube').click()
    await page.getByRole('heading', { name: 'Clube de materiais' }).waitFor()
  })

  it('a guest sees /clube, subscribes and pays through the demo', async () => {
    const page = await phone()
    await page.goto('/clube')
    const plan = page.getByTestId('clube-plan').filter({ hasText: PLAN })
    await plan.getByTestId('clube-plan-image').waitFor()
    expect(await plan.getByText('Atividades de alfabetização, novas todo mês.').innerText()).toBe(
      'Atividades de alfabetização, novas todo mês.\nFichas para imprimir.',
    )
    await plan.scrollIntoViewIfNeeded()
    const subscribe = plan.getByTestId('clube-subscribe')
    expect((await subscribe.innerText()).replace(/\s/g, ' ')).toBe('Assinar por R$ 19,90/mês')
    // The label takes one line at 390 px: no taller than the button's own height.
    expect((await subscribe.boundingBox())!.height).toBeLessThan(56)
    await subscribe.scrollIntoViewIfNeeded()
    await shot(page, 'clube')
    await subscribe.click()
    await plan.getByLabel('Nome', { exact: true }).fill('Bia')
    await plan.getByLabel('Sobrenome').fill('Lima')
    await plan.getByLabel('E-mail').fill(buyer.email)
    await plan.getByLabel('WhatsApp').fill(buyer.whatsapp)
    await plan.getByRole('checkbox').check()
    await plan.getByTestId('clube-subscribe-form').scrollIntoViewIfNeeded()
    await shot(page, 'clube-assinar')
    await plan.getByRole('button', { name: 'Assinar e pagar com PIX' }).click()
    // Checkout's own PIX screen: the amount, the code to copy, the clube's note, the countdown.
    const pix = plan.getByTestId('clube-payment')
    await pix.getByRole('heading', { name: 'Pague com PIX' }).waitFor()
    expect((await pix.getByTestId('pix-amount').innerText()).replace(/\s/g, ' ')).toBe('R$ 19,90')
    await pix.getByTestId('pix-copy').filter({ hasText: 'Copiar código' }).waitFor()
    await pix.getByTestId('pix-countdown').filter({ hasText: 'Pague em até' }).waitFor()
    await pix
      .getByTestId('clube-pix-note')
      .filter({ hasText: 'A cada renovação você recebe um novo PIX por e-mail.' })
      .waitFor()
    await pix.scrollIntoViewIfNeeded()
    await shot(page, 'clube-pix', true)
    await pix.getByTestId('demo-confirm').click()
    const paid = pix.getByRole('heading', { name: 'Pagamento confirmado!' })
    await paid.waitFor()
    await scrollBelowHeader(paid)
    await shot(page, 'clube-pago')
  })

  it("her e-mail's link opens her subscription and the clube's materials, with the quota", async () => {
    // The receipt reads like a subscription's: period, renewal, how to cancel, the terms.
    const mail = await waitForMail(buyer.email, /^Assinatura ativa: /)
    expect(mail.subject).toBe(`Assinatura ativa: ${PLAN}`)
    const body = mail.text.replace(/\u00a0/g, ' ')
    expect(body).toMatch(/Período pago: de \d+ de \S+ de \d{4} a \d+ de \S+ de \d{4}\./)
    expect(body).toMatch(
      /Renovação: \d+ dias antes de .*, enviamos por e-mail o PIX do próximo período/,
    )
    expect(body).toContain("toque em 'Cancelar assinatura'")
    expect(body).toContain("você também pode 'Desistir com reembolso'")
    expect(body).toContain('Termos aceitos na assinatura (guarde este e-mail)')
    // The button the lookup page names when she looks up by e-mail and WhatsApp.
    expect(mail.html).toContain('Ver meus materiais e a assinatura')
    const link = [...mail.html.matchAll(/href="([^"]+)"/g)]
      .map((m) => m[1]!.replace(/&amp;/g, '&'))
      .find((h) => new URL(h).pathname === '/meus-materiais')
    expect(link).toMatch(/\?acesso=/)
    const page = await phone()
    await page.goto(link!)
    const sub = page.getByTestId('my-subscription').filter({ hasText: PLAN })
    await sub.getByText('Ativa', { exact: true }).waitFor()
    await sub
      .getByTestId('my-subscription-period')
      .filter({ hasText: 'Próxima cobrança' })
      .waitFor()
    const material = page.getByTestId('material').first()
    await material.getByTestId('material-clube').filter({ hasText: PLAN }).waitFor()
    await material.getByTestId('remaining').filter({ hasText: 'neste período' }).waitFor()
    // One way to give the clube back, said in words: on the subscription, not on its order.
    await sub
      .getByTestId('withdraw-subscription')
      .filter({ hasText: 'Desistir com reembolso' })
      .waitFor()
    await sub
      .getByTestId('my-subscription-actions')
      .filter({ hasText: 'cancela agora e devolve o primeiro pagamento, R$' })
      .waitFor()
    await page.getByTestId('refund-in-subscription').first().waitFor()
    expect(await page.getByTestId('refund-request').count()).toBe(0)
    await sub.scrollIntoViewIfNeeded()
    await shot(page, 'meus-materiais-clube')
    await page.getByTestId('refund-in-subscription').first().scrollIntoViewIfNeeded()
    await shot(page, 'meus-materiais-clube-pedido')

    // The owner sees her in the Clube tab, and the MRR on the sales dashboard.
    await admin.goto('/admin?aba=clube')
    const subscriber = admin.getByTestId('clube-subscriber').filter({ hasText: buyer.email })
    await subscriber.getByText('Ativa', { exact: true }).waitFor()
    await subscriber.scrollIntoViewIfNeeded()
    await shot(admin, 'admin-clube-assinantes')
    // The owner gives her a free period from the screen: a cycle at R$ 0,00 in her history.
    await subscriber.getByTestId('admin-free-period').click()
    const ask = admin.getByTestId('confirm-dialog')
    await ask.filter({ hasText: 'mais um ciclo sem cobrança' }).waitFor()
    await shot(admin, 'admin-periodo-gratis')
    await ask.getByTestId('confirm-dialog-ok').click()
    await subscriber.getByText('Ciclo 2: R$ 0,00 · grátis').waitFor()
    await admin.goto('/admin?aba=overview')
    const clube = admin.getByTestId('dashboard-clube')
    await clube.scrollIntoViewIfNeeded()
    await clube.filter({ hasText: 'R$ 19,90' }).waitFor()
    // In the owner's words: no MRR or churn for a teacher to look up.
    await clube.getByText('Receita recorrente mensal', { exact: true }).waitFor()
    await clube.getByText('Cancelamentos no mês', { exact: true }).waitFor()
    expect(await clube.textContent()).not.toMatch(/MRR|churn/i)
    await shot(admin, 'painel-vendas-mrr')

    // The free period granted her materials afresh (a new quota, as a paid cycle does): her
    // page, opened before, shows them as the clube's once read again.
    await page.reload()
    await page
      .getByTestId('material')
      .first()
      .getByTestId('material-clube')
      .filter({ hasText: PLAN })
      .waitFor()
    await page.getByTestId('remaining').first().filter({ hasText: 'neste período' }).waitFor()

    // The library grows, as /clube says: a material the owner puts on sale now is hers at
    // once, with the plan's quota. Taken off sale, it stays hers for the period, as a bought
    // material stays its buyer's (the later journeys find the catalogue as it was).
    const png = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#0ea5e9' },
    })
      .png()
      .toBuffer()
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    const name = `Bingo das Sílabas ${Date.now().toString(36)}`
    const added = await admin.request.post('/api/products/base64', {
      headers: { origin: inject('baseUrl') },
      data: {
        name,
        description: 'Cartelas para imprimir e jogar com a turma.',
        price: '7.90',
        category: 'alfabetizacao',
        isFree: false,
        imageBase64: `data:image/png;base64,${png.toString('base64')}`,
        downloadFileBase64: pdf.toString('base64'),
        downloadFileName: 'bingo.pdf',
        downloadFileType: 'application/pdf',
      },
    })
    expect(added.status(), await added.text()).toBe(201)
    const { id: newId } = (await added.json()) as { id: number }
    await page.reload()
    const grown = page.getByTestId('material').filter({ hasText: name })
    await grown.getByTestId('material-clube').filter({ hasText: PLAN }).waitFor()
    await grown.getByTestId('remaining').filter({ hasText: 'neste período' }).waitFor()
    await grown.scrollIntoViewIfNeeded()
    await shot(page, 'clube-material-novo')
    const off = await admin.request.put(`/api/admin/products-light/${newId}/toggle`, {
      headers: { origin: inject('baseUrl') },
      data: { isActive: false },
    })
    expect(off.status(), await off.text()).toBe(200)
    await page.reload()
    await grown.getByTestId('material-clube').filter({ hasText: PLAN }).waitFor()

    // She cancels: the confirmation says what happens, and it happens.
    await sub.getByTestId('cancel-subscription').click()
    const dialog = page.getByTestId('confirm-dialog')
    await dialog.filter({ hasText: 'Nada mais será cobrado' }).waitFor()
    // The free period the owner gave moved the period's end one cycle on: the dialog says so.
    const [mine] = (await (await page.request.get('/api/subscriptions/mine')).json()) as {
      currentPeriodEnd: string
    }[]
    const end = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'short',
      timeZone: 'America/Sao_Paulo',
    }).format(new Date(mine!.currentPeriodEnd))
    expect(Date.parse(mine!.currentPeriodEnd)).toBeGreaterThan(Date.now() + 40 * 86_400_000)
    await dialog.filter({ hasText: `continuam em Meus materiais até ${end}` }).waitFor()
    await shot(page, 'cancelar-confirmacao')
    await dialog.getByTestId('confirm-dialog-ok').click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Assinatura cancelada.', { exact: false }).waitFor()
    await sub.getByText('Cancelada', { exact: true }).waitFor()
    await sub
      .getByTestId('my-subscription-period')
      .filter({ hasText: 'nada mais será cobrado' })
      .waitFor()
    // Access lasts to the period's end: the clube's materials are still there.
    await page.getByTestId('material-clube').first().filter({ hasText: 'disponível até' }).waitFor()
    await shot(page, 'cancelada')
    const bye = await waitForMail(buyer.email, /assinatura do clube foi cancelada/)
    expect(bye.text).toContain('Olá, Bia!')
    expect(bye.text.replace(/\u00a0/g, ' ')).toMatch(
      /Os materiais do clube continuam liberados em Meus materiais até \d+ de \S+ de \d{4}\./,
    )
    expect(bye.html).toMatch(/href="[^"]*\/meus-materiais"/)

    // A guest who looks up by e-mail and WhatsApp is told where her subscription is.
    const lookup = await phone()
    await lookup.goto(
      `/meus-materiais?email=${encodeURIComponent(buyer.email)}&whatsapp=${encodeURIComponent(buyer.whatsapp)}`,
    )
    const told = lookup.getByTestId('subscription-by-link')
    await told
      .filter({ hasText: 'Ver meus materiais e a assinatura’ do e-mail da assinatura' })
      .waitFor()
    await told.scrollIntoViewIfNeeded()
    await shot(lookup, 'busca-assinatura-pelo-link')
  })
})
