import { spawn } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import sharp from 'sharp'

const root = '/work/wt/identity'
const out = '/work/wt/shots/identity'
const port = 4790 + Math.floor(Math.random() * 100)
const base = `http://127.0.0.1:${port}`
const dataDir = await mkdtemp(path.join(tmpdir(), 'identity-shots-'))
const child = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir,
    SESSION_SECRET: 'shots-secret-0123456789-0123456789', ADMIN_EMAIL: 'admin@teste.com', ADMIN_PASSWORD: 'admin-senha-123' },
  stdio: ['ignore', 'inherit', 'inherit'],
})
for (let i = 0; i < 900; i++) {
  try { if ((await fetch(`${base}/healthz`)).ok) break } catch {}
  await new Promise((r) => setTimeout(r, 300))
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'pt-BR' })
const page = await ctx.newPage()
const post = (url, data) => page.request.post(base + url, { data, headers: { origin: base } })
console.log((await post('/api/admin/login', { username: 'admin@teste.com', password: 'admin-senha-123' })).status())
await page.goto(base + '/admin')
await page.getByTestId('store-checklist').waitFor()
await page.waitForTimeout(500)
await page.screenshot({ path: `${out}/admin-checklist-390.png`, fullPage: false })
const wide = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR', storageState: await ctx.storageState() })
const wp = await wide.newPage()
await wp.goto(base + '/admin'); await wp.getByTestId('store-checklist').waitFor(); await wp.waitForTimeout(500)
await wp.screenshot({ path: `${out}/admin-checklist-1280.png` })

for (const [k, v] of Object.entries({
  store_name: 'Ateliê da Prô Carla', seller_name: 'Carla Mendes Oliveira', seller_document: '529.982.247-25',
  seller_address: 'Rua das Acácias, 120, Centro, Niterói - RJ', seller_email: 'carla@ateliedaprocarla.com.br',
  seller_phone: '(21) 3456-7890', support_hours: 'segunda a sexta, das 9h às 17h', whatsapp_number: '5521987654321',
  footer_whatsapp: '5521987654321', footer_email: 'carla@ateliedaprocarla.com.br', footer_instagram: '@ateliedaprocarla',
  page_terms: 'Ao comprar no Ateliê você concorda com estes termos.\n\n# 1. Produtos\n\nMateriais digitais em PDF. Dúvidas: carla@ateliedaprocarla.com.br ou https://ateliedaprocarla.com.br/ajuda.\n\n# 2. Reembolso\n\n- Reembolso integral em até 7 dias, se o material não foi baixado.\n- <script>alert("oi")</script> aparece como texto.\n\nAtendimento: {horario}.',
})) {
  const r = await post('/api/admin/settings', { key: k, value: v })
  if (r.status() !== 200) console.log(k, r.status(), await r.text())
}
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect width="300" height="120" rx="24" fill="#fdf2f8"/><circle cx="60" cy="60" r="40" fill="#db2777"/><text x="60" y="74" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="bold">A</text><text x="115" y="72" font-size="30" fill="#7e22ce" font-family="sans-serif" font-weight="bold">Ateliê</text></svg>`
const png = await sharp(Buffer.from(svg)).png().toBuffer()
const up = await page.request.post(base + '/api/admin/store/logo', { multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: png } }, headers: { origin: base } })
console.log('logo', up.status(), await up.text())

await page.goto(base + '/admin/config?aba=identity')
await page.getByTestId('logo-field').waitFor(); await page.waitForTimeout(800)
await page.screenshot({ path: `${out}/config-identity-390.png` })
await page.screenshot({ path: `${out}/config-identity-390-full.png`, fullPage: true })
await page.goto(base + '/admin/config?aba=pages'); await page.waitForTimeout(1200)
await page.screenshot({ path: `${out}/config-pages-390.png` })

await page.goto(base + '/admin'); await page.getByTestId('store-checklist').waitFor(); await page.waitForTimeout(600)
await page.screenshot({ path: `${out}/admin-checklist-after-390.png` })

await page.goto(base + '/'); await page.locator('header').getByTestId('store-name').waitFor(); await page.waitForTimeout(800)
await page.screenshot({ path: `${out}/header-logo-390.png` })
await page.locator('footer').scrollIntoViewIfNeeded(); await page.waitForTimeout(500)
await page.locator('footer').screenshot({ path: `${out}/footer-390.png` })
await page.goto(base + '/termos-uso'); await page.getByTestId('terms-seller').waitFor(); await page.waitForTimeout(600)
await page.screenshot({ path: `${out}/terms-390.png` })
await page.getByTestId('terms-seller').scrollIntoViewIfNeeded()
await page.screenshot({ path: `${out}/terms-seller-390.png` })
await page.goto(base + '/sobre-nos'); await page.getByTestId('page-text').waitFor(); await page.waitForTimeout(500)
await page.screenshot({ path: `${out}/about-390.png` })
await browser.close()
child.kill('SIGTERM')
console.log('shots done')
