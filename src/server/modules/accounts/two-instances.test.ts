import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CartItem } from '../../../contracts/cart.js'
import type { CheckoutAnswer, OrderStatusAnswer } from '../../../contracts/checkout.js'
import type { CustomerPurchase } from '../../../contracts/customer.js'
import type { DownloadAnswer } from '../../../contracts/downloads.js'
import type { Product } from '../../../contracts/products.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import {
  adminSession,
  cookieFrom,
  login,
  newCustomer,
  newIp,
  whoAmI,
  registeredCustomer,
} from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { samplePng } from '../../testing/fixtures.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { startLocalS3, type LocalS3 } from '../../testing/local-s3.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { samplePdf } from '../../testing/sample-pdf.js'
import { formData, productFields, sendForm, sha256 } from '../../testing/uploads.js'

/**
 * Two stores behind a load balancer: one PostgreSQL database, one Redis and one S3 bucket (an
 * s3rver this file starts). PGlite cannot be shared between processes, so this needs
 * DATABASE_URL (CI runs the suite with it).
 */
const runs = Boolean(process.env.DATABASE_URL) && (await redisAvailable())
const prefix = testRedisPrefix()

let a: TestStore
let b: TestStore
let s3: LocalS3

describe.skipIf(!runs)('two instances sharing PostgreSQL, Redis and a bucket', () => {
  beforeAll(async () => {
    s3 = await startLocalS3()
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, ...s3.env }
    a = await createTestStore({ env })
    // The owner takes PIX to a static key (payments confirmed by hand) before B starts, so B's
    // settings are read with it rather than after their cache expires.
    const owner = (await adminSession(a.app)).cookie
    const saved = await call(
      a,
      'POST',
      '/api/admin/settings',
      { key: 'pix_key', value: 'loja@exemplo.com' },
      { cookie: owner },
    )
    if (saved.statusCode !== 200) throw new Error(`pix_key: ${saved.body}`)
    b = await createTestStore({ env, databaseUrl: a.databaseUrl })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    await dropRedisPrefix(prefix)
    await s3?.close()
  })

  it('accepts on one instance a login made on the other', async () => {
    const body = await registeredCustomer(a.app)
    const res = await login(a.app, body.email, body.password)
    const cookie = cookieFrom(res.headers['set-cookie'])
    const onB = await whoAmI(b.app, cookie)
    expect(onB.statusCode).toBe(200)
    expect(onB.json()).toMatchObject({ user: { email: body.email } })
  })

  it('ends the session everywhere at a logout on either instance', async () => {
    const body = await registeredCustomer(a.app)
    const cookie = cookieFrom((await login(b.app, body.email, body.password)).headers['set-cookie'])
    expect((await whoAmI(a.app, cookie)).json()).toMatchObject({ isAuthenticated: true })
    await a.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect((await whoAmI(b.app, cookie)).json()).toBeNull()
  })

  it('rotates the session across instances (a pre-login cookie is dead on both)', async () => {
    const body = await registeredCustomer(a.app)
    const first = cookieFrom((await login(a.app, body.email, body.password)).headers['set-cookie'])
    const res = await login(b.app, body.email, body.password, { cookie: first })
    const second = cookieFrom(res.headers['set-cookie'])
    expect((await whoAmI(a.app, first)).json()).toBeNull()
    expect((await whoAmI(a.app, second)).json()).toMatchObject({ isAuthenticated: true })
  })

  it('holds a limit reached through one instance on the other, until a success resets it', async () => {
    const body = await registeredCustomer(a.app)
    const ip = newIp()
    const { limit } = RATE_LIMITS.loginAccountIp
    for (let i = 0; i < limit - 1; i++) {
      const via = i % 2 === 0 ? a : b
      expect((await login(via.app, body.email, 'errada', {}, ip)).statusCode).toBe(401)
    }
    // The last allowed attempt succeeds on B and clears the count kept in Redis.
    expect((await login(b.app, body.email, body.password, {}, ip)).statusCode).toBe(200)
    for (let i = 0; i < limit; i++) {
      expect((await login(a.app, body.email, 'errada', {}, ip)).statusCode).toBe(401)
    }
    const blocked = await login(b.app, body.email, body.password, {}, ip)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBeDefined()
    expect(blocked.json().message).toMatch(
      /^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/,
    )
    // Only that address: the owner elsewhere still gets in.
    expect((await login(a.app, body.email, body.password)).statusCode).toBe(200)
  })

  it('shares the sign-up limit per IP', async () => {
    const ip = newIp()
    const signUp = (store: TestStore) =>
      store.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newCustomer(),
        remoteAddress: ip,
      })
    for (let i = 0; i < RATE_LIMITS.register.limit; i++) {
      expect((await signUp(i % 2 ? a : b)).statusCode).toBe(201)
    }
    expect((await signUp(a)).statusCode).toBe(429)
    expect((await signUp(b)).statusCode).toBe(429)
  })

  describe('a sale made across both', () => {
    let pdf: Buffer
    let productId: number
    let customer: { email: string; whatsapp: string; password: string }
    let cookie: string
    const session = newCartSession()
    let orderId: string

    it('uploads a product through A; B lists it (its catalogue refreshes within 6 s)', async () => {
      pdf = Buffer.from(await samplePdf({ pages: 2, imageBytes: 150_000, title: 'Kit' }))
      // B has its catalogue in memory already, as a running instance would.
      expect((await b.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200)
      const admin = (await adminSession(a.app)).cookie
      const form = formData(
        productFields({
          name: 'Kit Duas Instâncias',
          price: '12.50',
          // Delivered as uploaded, so the bytes B sends are the very bytes A received.
          stampPdf: 'false',
        }),
        [
          {
            field: 'imageFile',
            name: 'capa.png',
            bytes: await samplePng(300, 200),
            type: 'image/png',
          },
          { field: 'downloadFile', name: 'kit.pdf', bytes: pdf, type: 'application/pdf' },
        ],
      )
      const res = await sendForm(a, '/api/products', form, admin)
      expect(res.statusCode, res.body).toBe(201)
      productId = res.json<{ id: number }>().id

      // B may answer from its catalogue snapshot until it expires (5 s), never longer.
      const deadline = Date.now() + 6_000
      let listed: Product | undefined
      while (!listed && Date.now() < deadline) {
        const list = (await b.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>()
        listed = list.find((p) => p.id === productId)
        if (!listed) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(listed).toMatchObject({ name: 'Kit Duas Instâncias', price: '12.50' })
      // The cover, stored in the bucket by A, is served by B.
      const image = await b.app.inject({ method: 'GET', url: listed!.imageUrl })
      expect(image.statusCode).toBe(200)
      expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP')
    })

    it('keeps a cart session across instances', async () => {
      const added = await call(a, 'POST', '/api/cart', { productId, quantity: 1 }, { session })
      expect(added.statusCode, added.body).toBe(200)
      const onB = await call(b, 'GET', '/api/cart', undefined, { session })
      expect(onB.json<CartItem[]>()).toMatchObject([{ productId, quantity: 1 }])
      const itemId = onB.json<CartItem[]>()[0]!.id
      expect(
        (await call(b, 'PUT', `/api/cart/${itemId}`, { quantity: 2 }, { session })).statusCode,
      ).toBe(200)
      const onA = await call(a, 'GET', '/api/cart', undefined, { session })
      expect(onA.json<CartItem[]>()).toMatchObject([{ productId, quantity: 2 }])
      expect(
        (await call(a, 'PUT', `/api/cart/${itemId}`, { quantity: 1 }, { session })).statusCode,
      ).toBe(200)
    })

    it('sees on B a static PIX payment the owner confirms on A', async () => {
      customer = await registeredCustomer(a.app)
      cookie = cookieFrom(
        (await login(b.app, customer.email, customer.password)).headers['set-cookie'],
      )
      const placed = await call(
        b,
        'POST',
        '/api/checkout',
        {
          items: [{ productId }],
          customerData: guestForm({ email: customer.email, whatsapp: customer.whatsapp }),
        },
        { session, cookie },
      )
      expect(placed.statusCode, placed.body).toBe(201)
      const answer = placed.json<CheckoutAnswer>()
      expect(answer.pixPaymentData).toMatchObject({ provider: 'static', amount: '12.50' })
      orderId = answer.order.id
      const status = (store: TestStore) =>
        call(store, 'GET', `/api/orders/${orderId}/status`, undefined, { session })
      expect((await status(a)).json<OrderStatusAnswer>().status).toBe('pending')

      const admin = (await adminSession(a.app)).cookie
      const paid = await call(
        a,
        'PUT',
        `/api/admin/orders/${orderId}/status`,
        { status: 'paid' },
        { cookie: admin },
      )
      expect(paid.statusCode, paid.body).toBe(200)
      expect((await status(b)).json<OrderStatusAnswer>().status).toBe('confirmed')
      const materials = await call(b, 'GET', '/api/user/purchases', undefined, { cookie })
      expect(materials.json<CustomerPurchase[]>()).toMatchObject([
        {
          productId,
          orderId,
          downloadCount: 0,
          files: [{ fileName: 'kit.pdf', size: pdf.length }],
        },
      ])
    })

    it('downloads on B, byte for byte, the file uploaded through A', async () => {
      const res = await call(b, 'POST', `/api/user/download/${productId}?data=0`, undefined, {
        cookie,
      })
      expect(res.statusCode, res.body).toBe(200)
      const { downloadUrl } = res.json<DownloadAnswer>()
      const file = await b.app.inject({ method: 'GET', url: downloadUrl })
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-length']).toBe(String(pdf.length))
      expect(sha256(file.rawPayload)).toBe(sha256(pdf))
      // The count the download took is A's to see too.
      const onA = await call(a, 'GET', '/api/user/purchases', undefined, { cookie })
      expect(onA.json<CustomerPurchase[]>()[0]!.downloadCount).toBe(1)
    })
  })
})
