import { eq, inArray } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BNCC_CREDIT_TEXT,
  SKILLS_REPORT_UNAUTHORIZED,
  type SkillsReportAnswer,
} from '../../../contracts/skills-report.js'
import data from '../bncc/bncc-dados/bncc.json' with { type: 'json' }
import { skillByCode } from '../bncc/bncc.service.js'
import { purchases } from '../downloads/downloads.tables.js'
import { orderItems, orders } from '../orders/orders.tables.js'
import { products } from '../products/products.tables.js'
import { accessTokenIssuer } from '../guest-access/guest-access.service.js'
import { customerSession } from '../../testing/auth.js'
import { cookieFrom } from '../../testing/commerce.js'
import { buyAsGuest } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let ana: { userId: string; cookie: string; email: string }
let guestCookie: string
let guestEmail: string
/** Enough Matemática skills of the 5º ano that their texts cannot fit on one page. */
const MANY_MA = (data as [string, string][])
  .map(([code]) => code)
  .filter((code) => code.startsWith('EF05MA'))
  .slice(0, 30)

/** A paid order of Ana's for one product, with its purchase, as checkout leaves it. */
async function paidOrder(userId: string, email: string, productId: number) {
  const { db } = store.database
  const id = `ord-${Math.random().toString(36).slice(2)}`
  await db.insert(orders).values({
    id,
    userId,
    customerName: 'Ana Professora',
    customerEmail: email,
    totalCents: 1990,
    status: 'paid',
    paymentProvider: 'demo',
  })
  const [item] = await db
    .insert(orderItems)
    .values({ orderId: id, productId, productName: 'Na compra', unitPriceCents: 1990, quantity: 1 })
    .returning()
  const [purchase] = await db
    .insert(purchases)
    .values({
      orderId: id,
      orderItemId: item!.id,
      userId,
      customerEmail: email,
      productId,
      maxDownloads: 3,
    })
    .returning()
  return purchase!
}

const tag = (id: number, bncc: string[]) =>
  store.database.db.update(products).set({ bncc }).where(eq(products.id, id))

const get = (url: string, cookie?: string) =>
  store.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

async function pdfOf(body: Buffer) {
  const pages = (await PDFDocument.load(body)).getPageCount()
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), {
    mergePages: false,
  })
  return { pages, text: text.map((page) => page.replace(/\s+/g, ' ')) }
}

beforeAll(async () => {
  store = await createTestStore()
  const fractions = await insertProduct(store, { name: 'Frações em jogo' })
  const refunded = await insertProduct(store, { name: 'Alfabeto móvel' })
  const untagged = await insertProduct(store, { name: 'Planner 2026' })
  await tag(fractions.id, ['EF15LP01', 'EF03MA09'])
  await tag(refunded.id, ['EF01LP02', 'EF03MA09'])
  ana = await customerSession(store.app)
  await paidOrder(ana.userId, ana.email, fractions.id)
  await paidOrder(ana.userId, ana.email, untagged.id)
  const gone = await paidOrder(ana.userId, ana.email, refunded.id)
  // A refund revokes the purchase: its material is no longer hers to download.
  await store.database.db
    .update(purchases)
    .set({ revokedAt: new Date() })
    .where(inArray(purchases.id, [gone.id]))

  const guestKit = await insertProduct(store, { name: 'Caderno de problemas' })
  await tag(guestKit.id, [...MANY_MA, 'EF02LP01'])
  const guest = await buyAsGuest(store, guestKit.id)
  guestEmail = guest.email
  const token = await accessTokenIssuer().emailAccess(store.database.db, guest.email)
  const opened = await store.app.inject({
    method: 'POST',
    url: '/api/guest-access/link',
    payload: { token },
  })
  guestCookie = cookieFrom(opened)
})
afterAll(() => store.close())

describe('GET /api/user/skills', () => {
  it("answers the skills of an account's live materials, the refunded one's left out", async () => {
    const res = await get('/api/user/skills', ana.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const skills = res.json<SkillsReportAnswer>()
    // By year (EF15LP01 starts at the 1º ano, EF03MA09 at the 3º), then component, then code.
    expect(skills.map((s) => s.code)).toEqual(['EF15LP01', 'EF03MA09'])
    for (const skill of skills) {
      const { products: taughtBy, ...shipped } = skill
      expect(shipped).toEqual(skillByCode(skill.code))
      expect(taughtBy.map((p) => p.name)).toEqual(['Frações em jogo'])
    }
  })

  it('answers a guest through the access her e-mailed link opened in this browser', async () => {
    const res = await get('/api/user/skills', guestCookie)
    expect(res.statusCode).toBe(200)
    const codes = res.json<SkillsReportAnswer>().map((s) => s.code)
    expect(codes).toEqual(['EF02LP01', ...[...MANY_MA].sort()])
  })

  it('refuses a stranger, in Portuguese, for the list and the PDF alike', async () => {
    for (const url of ['/api/user/skills', '/api/user/skills.pdf']) {
      const res = await get(url)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: SKILLS_REPORT_UNAUTHORIZED })
    }
  })
})

describe('GET /api/user/skills.pdf', () => {
  it("is a PDF with one page per component, naming her, the store and the BNCC's credit", async () => {
    const res = await get('/api/user/skills.pdf', ana.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="habilidades-bncc.pdf"')
    expect(res.headers['cache-control']).toBe('no-store')
    const { pages, text } = await pdfOf(res.rawPayload)
    expect(pages).toBe(2)
    expect(text[0]).toContain('Língua Portuguesa')
    expect(text[0]).toContain('EF15LP01')
    expect(text[1]).toContain('Matemática')
    expect(text[1]).toContain('EF03MA09')
    expect(text[1]).toContain('Frações em jogo')
    for (const page of text) {
      expect(page).toContain('Ana Professora')
      expect(page).toContain('Loja de Materiais Pedagógicos')
      expect(page).toContain('CC BY 4.0')
      expect(page).toMatch(/\d{1,2} de \p{L}+ de \d{4}/u)
    }
    expect(text.join(' ')).not.toContain('EF01LP02')
    expect(BNCC_CREDIT_TEXT).toContain('bncc.dev')
  })

  it('continues a component that overflows on a new page, and names a guest by her e-mail', async () => {
    const res = await get('/api/user/skills.pdf', guestCookie)
    expect(res.statusCode).toBe(200)
    const { pages, text } = await pdfOf(res.rawPayload)
    expect(pages).toBeGreaterThan(2)
    expect(text[0]).toContain('EF02LP01')
    expect(text[1]).toContain('Matemática')
    expect(text.slice(2).every((page) => page.includes('Matemática (continuação)'))).toBe(true)
    for (const code of MANY_MA) expect(text.slice(1).join(' ')).toContain(code)
    for (const page of text) expect(page).toContain(guestEmail)
  })
})
