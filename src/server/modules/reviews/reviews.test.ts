import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BestsellerList, CatalogPage } from '../../../contracts/catalog.js'
import type {
  AdminReview,
  ProductReviews,
  ReviewRequestAnswer,
} from '../../../contracts/reviews.js'
import { adminApi } from '../../testing/admin.js'
import { adminSession, cookieFrom, login, newCustomer, newIp } from '../../testing/auth.js'
import { writeBuiltClient } from '../../testing/built-client.js'
import { call } from '../../testing/commerce.js'
import { buyAsGuest, grantedDownload, type GuestBuyer } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

const PUBLIC_URL = 'https://loja.exemplo.com.br'
const DAY = 86_400_000

let smtp: FakeSmtp
let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let admin: string
let shift = 0
let caderno: { id: number }
let planner: { id: number }
const { adminCall, setStatus } = adminApi(
  () => store,
  () => admin,
)

beforeAll(async () => {
  smtp = await startSmtpServer()
  client = await writeBuiltClient()
  store = await createTestStore({
    clientDir: client.dir,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@exemplo.com.br>', PUBLIC_URL },
    now: () => new Date(Date.now() + shift),
  })
  admin = (await adminSession(store.app)).cookie
  caderno = await insertProduct(store, { name: 'Caderno de Caligrafia', priceCents: 1990 })
  planner = await insertProduct(store, { name: 'Planner do Professor', priceCents: 2990 })
})
afterAll(async () => {
  await store.close()
  await smtp.close()
  await client.remove()
})

const review = (productId: number, body: object, cookie?: string) =>
  call(store, 'POST', `/api/products/${productId}/reviews`, body, cookie ? { cookie } : {})
const publicReviews = async (productId: number) =>
  (await call(store, 'GET', `/api/products/${productId}/reviews`)).json<ProductReviews>()
const deliver = () => store.app.services.messaging.worker.runOnce()
const mailsTo = (address: string) =>
  smtp.mails.filter((m) => m.to && 'text' in m.to && m.to.text === address)
const hrefs = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))

/** The guest access a buyer's browser opens from her paid-order e-mail's link. */
async function guestAccessOf(buyer: GuestBuyer): Promise<string> {
  await deliver()
  const paid = mailsTo(buyer.email).find((m) => /confirmado|pago|aprovado/i.test(m.subject!))
  if (!paid) throw new Error(`no paid e-mail for ${buyer.email}`)
  const link = hrefs(paid).find((h) => new URL(h).searchParams.get('acesso'))
  const token = new URL(link!).searchParams.get('acesso')!
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/guest-access/link',
    payload: { token },
    remoteAddress: newIp(),
  })
  if (res.statusCode !== 200) throw new Error(`guest access: ${res.statusCode} ${res.body}`)
  return cookieFrom(res.headers['set-cookie'])
}

const cardOf = async (productId: number) =>
  (await call(store, 'GET', '/api/catalog'))
    .json<CatalogPage>()
    .items.find((c) => c.id === productId)
const bestsellerOf = async (productId: number) =>
  (await call(store, 'GET', '/api/products/bestsellers'))
    .json<BestsellerList>()
    .find((p) => p.id === productId)

describe('who may review', () => {
  it('refuses anyone without a paid purchase of the product, in Portuguese', async () => {
    const anonymous = await review(caderno.id, { rating: 5, text: 'Ótimo' })
    expect(anonymous.statusCode).toBe(403)
    expect(anonymous.json().message).toMatch(/Só quem comprou/)

    // A buyer of the planner, with her proven access, may not rate the caderno.
    const other = await buyAsGuest(store, planner.id)
    const access = await guestAccessOf(other)
    const wrong = await review(caderno.id, { rating: 1, text: 'Não comprei' }, access)
    expect(wrong.statusCode).toBe(403)
  })

  it('takes one review per buyer through today’s guest access; a second answers 409', async () => {
    const buyer = await buyAsGuest(store, caderno.id)
    const access = await guestAccessOf(buyer)
    const first = await review(
      caderno.id,
      { rating: 4, text: 'Meus alunos <b>adoraram</b>', displayName: 'Joana Pereira da Silva' },
      access,
    )
    expect(first.statusCode).toBe(201)
    const again = await review(caderno.id, { rating: 1, text: 'Mudei de ideia' }, access)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/já avaliou/)
  })

  it('30 reviews sent at once by one buyer: one 201, the rest 409, one row', async () => {
    const product = await insertProduct(store, { name: 'Jogo da Memória', priceCents: 990 })
    const buyer = await buyAsGuest(store, product.id)
    const access = await guestAccessOf(buyer)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        review(product.id, { rating: 1 + (i % 5), text: `Tentativa ${i}` }, access),
      ),
    )
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes.filter((c) => c === 201)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(29)
    const mine = (await adminCall('GET', '/api/admin/reviews?status=pending')).json<AdminReview[]>()
    expect(mine.filter((r) => r.productId === product.id)).toHaveLength(1)
  })

  it('takes a logged-in buyer’s review through her account', async () => {
    const customer = newCustomer()
    await store.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: customer,
      remoteAddress: newIp(),
    })
    await buyAsGuest(store, planner.id, { email: customer.email, whatsapp: customer.whatsapp })
    // Logging in claims her guest order (same e-mail and WhatsApp).
    const cookie = cookieFrom(
      (await login(store.app, customer.email, customer.password)).headers['set-cookie'],
    )
    const res = await review(planner.id, { rating: 5, text: 'Organizou meu ano' }, cookie)
    expect(res.statusCode).toBe(201)
  })

  it('names the field of a bad rating with 400', async () => {
    const res = await review(caderno.id, { rating: 9, text: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.headers['x-error-field']).toBe('rating')
    const long = await review(caderno.id, { rating: 3, text: 'a'.repeat(1001) })
    expect(long.statusCode).toBe(400)
    expect(long.headers['x-error-field']).toBe('text')
  })
})

describe('moderation', () => {
  it('is the owner’s only', async () => {
    expect((await call(store, 'GET', '/api/admin/reviews?status=pending')).statusCode).toBe(401)
  })

  it('shows nothing until approved; then the stars, first name and initial, and the reply', async () => {
    expect((await publicReviews(caderno.id)).count).toBe(0)
    const pending = (await adminCall('GET', '/api/admin/reviews?status=pending')).json<
      AdminReview[]
    >()
    const joana = pending.find((r) => r.productId === caderno.id)!
    expect(joana).toMatchObject({ rating: 4, displayName: 'Joana S.', status: 'pending' })
    expect(await store.app.services.reviews.pendingCount()).toBeGreaterThanOrEqual(1)

    const approved = await adminCall('PUT', `/api/admin/reviews/${joana.id}`, {
      status: 'approved',
      reply: 'Obrigada, Joana!',
    })
    expect(approved.statusCode).toBe(200)
    const shown = await publicReviews(caderno.id)
    expect(shown).toMatchObject({ average: 4, count: 1 })
    expect(shown.items[0]).toMatchObject({
      rating: 4,
      displayName: 'Joana S.',
      // Stored and answered as the text she typed: the page shows it as text, never as HTML.
      text: 'Meus alunos <b>adoraram</b>',
      reply: 'Obrigada, Joana!',
      verified: true,
    })
    expect(JSON.stringify(shown)).not.toMatch(/@|Pereira|Silva/)
    expect((await cardOf(caderno.id))?.rating).toEqual({ average: 4, count: 1 })
    // 'Mais vendidos' shows the same stars as the grid's card.
    expect((await bestsellerOf(caderno.id))?.rating).toEqual({ average: 4, count: 1 })
  })

  it('keeps a rejected review off the page', async () => {
    const pending = (await adminCall('GET', '/api/admin/reviews?status=pending')).json<
      AdminReview[]
    >()
    const planned = pending.find((r) => r.productId === planner.id)!
    await adminCall('PUT', `/api/admin/reviews/${planned.id}`, { status: 'rejected' })
    expect((await publicReviews(planner.id)).count).toBe(0)
    const bad = await adminCall('PUT', `/api/admin/reviews/${planned.id}`, { status: 'talvez' })
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['x-error-field']).toBe('status')
  })
})

describe('the product page’s JSON-LD', () => {
  const jsonLd = async (id: number) => {
    const html = (await call(store, 'GET', `/produto/${id}`)).body
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
    return JSON.parse(block![1]!)
  }

  it('carries aggregateRating and review only with approved reviews (Google’s Product rules)', async () => {
    const rated = await jsonLd(caderno.id)
    expect(rated['@type']).toBe('Product')
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    })
    // Google: ratingValue within [worstRating, bestRating], reviewCount a positive integer.
    expect(rated.aggregateRating.ratingValue).toBeGreaterThanOrEqual(1)
    expect(rated.aggregateRating.ratingValue).toBeLessThanOrEqual(5)
    expect(rated.review[0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Joana S.' },
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5 },
    })
    expect(rated.review[0].datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // Only rejected reviews: no rating at all (an empty one is an error for Google).
    const unrated = await jsonLd(planner.id)
    expect(unrated.aggregateRating).toBeUndefined()
    expect(unrated.review).toBeUndefined()
  })
})

describe('a refund', () => {
  it('hides that buyer’s review and its stars', async () => {
    const buyer = await buyAsGuest(store, caderno.id)
    const access = await guestAccessOf(buyer)
    await review(caderno.id, { rating: 2, text: 'Esperava mais' }, access)
    const [mine] = (await adminCall('GET', '/api/admin/reviews?status=pending')).json<
      AdminReview[]
    >()
    await adminCall('PUT', `/api/admin/reviews/${mine!.id}`, { status: 'approved' })
    expect(await publicReviews(caderno.id)).toMatchObject({ average: 3, count: 2 })

    expect((await setStatus(buyer.orderId, 'refunded')).statusCode).toBe(200)
    expect(await publicReviews(caderno.id)).toMatchObject({ average: 4, count: 1 })
    expect((await cardOf(caderno.id))?.rating).toEqual({ average: 4, count: 1 })
    const listed = (await adminCall('GET', '/api/admin/reviews')).json<AdminReview[]>()
    expect(listed.find((r) => r.id === mine!.id)?.hidden).toBe(true)
  })
})

describe('the review request', () => {
  it('goes once, days after the first download, and its link rates that purchase', async () => {
    const buyer = await buyAsGuest(store, planner.id)
    await grantedDownload(store, buyer, planner.id)
    const { reviews } = store.app.services

    // Not yet: the owner's three days have not passed.
    expect(await reviews.sendDueRequests()).toBe(0)
    shift = 3 * DAY + 60_000
    try {
      expect(await reviews.sendDueRequests()).toBeGreaterThanOrEqual(1)
      expect(await reviews.sendDueRequests()).toBe(0)
      await deliver()
      const asks = mailsTo(buyer.email).filter((m) => /Como foi o material/.test(m.subject!))
      expect(asks).toHaveLength(1)
      const ask = asks[0]!
      // A transactional e-mail: no unsubscribe header, nothing to stop it.
      expect(ask.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false)
      const link = hrefs(ask).find((h) => h.startsWith(`${PUBLIC_URL}/avaliar?t=`))!
      const token = new URL(link).searchParams.get('t')!

      const info = await call(store, 'GET', `/api/reviews/request?t=${encodeURIComponent(token)}`)
      expect(info.json<ReviewRequestAnswer>()).toMatchObject({
        productId: planner.id,
        productName: 'Planner do Professor',
        alreadyReviewed: false,
      })
      const rated = await review(planner.id, { rating: 5, text: 'Prático', token })
      expect(rated.statusCode).toBe(201)
      // The link rates only its own product.
      const elsewhere = await review(caderno.id, { rating: 5, text: 'x', token })
      expect(elsewhere.statusCode).toBe(403)
      const forged = await review(planner.id, { rating: 5, text: 'x', token: `${token}x` })
      expect(forged.statusCode).toBe(403)
    } finally {
      shift = 0
    }
  })
})
