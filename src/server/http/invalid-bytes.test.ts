import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminSession, newCustomer, newIp } from '../testing/auth.js'
import { call, guestForm, newCartSession } from '../testing/commerce.js'
import { insertProduct } from '../testing/fixtures.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'
import {
  formData,
  productFields,
  productNamed,
  requiredFiles,
  sendForm,
} from '../testing/uploads.js'
import { INVALID_BYTES_MESSAGE } from './invalid-bytes.js'

let store: TestStore
let productId: number
beforeAll(async () => {
  store = await createTestStore()
  productId = (await insertProduct(store)).id
})
afterAll(() => store.close())

const NUL = '\u0000'

const expectRefused = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ message: INVALID_BYTES_MESSAGE })
}

// PostgreSQL refuses a NUL in text ("invalid byte sequence for encoding UTF8: 0x00"): these
// reached the database and answered 500 there.
describe('A NUL byte in any text field', () => {
  it('is refused at sign-up, in any field', async () => {
    for (const field of ['firstName', 'email', 'whatsapp', 'password']) {
      const body = newCustomer()
      const res = await store.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...body, [field]: `${body[field as keyof typeof body]}${NUL}` },
        remoteAddress: newIp(),
      })
      expectRefused(res)
    }
  })

  it('is refused at login', async () => {
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/auth/simple-login',
      payload: { email: `ana${NUL}@escola.com`, password: 'x' },
      remoteAddress: newIp(),
    })
    expectRefused(res)
  })

  it('is refused at checkout', async () => {
    const res = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId }], customerData: guestForm({ firstName: `Maria${NUL}` }) },
      { session: newCartSession() },
    )
    expectRefused(res)
  })

  it('is refused at the guest look-up', async () => {
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/guest-purchases',
      payload: { email: `maria${NUL}@exemplo.com`, whatsapp: '11987654321' },
      remoteAddress: newIp(),
    })
    expectRefused(res)
  })

  it('is refused in the cart, in the body and in a parameter', async () => {
    const session = newCartSession()
    expectRefused(
      await call(store, 'POST', '/api/cart', { productId, timestamp: `1${NUL}` }, { session }),
    )
    expectRefused(await call(store, 'DELETE', '/api/cart/1%00', undefined, { session }))
  })

  it('is refused in a query string', async () => {
    expectRefused(await call(store, 'GET', '/api/products?search=a%00b'))
  })

  it('is refused in the admin product form (multipart), and nothing is saved', async () => {
    const { cookie } = await adminSession(store.app)
    const name = `Kit${NUL}Nulo`
    const res = await sendForm(
      store,
      '/api/products',
      formData(productFields({ name }), await requiredFiles()),
      cookie,
    )
    expectRefused(res)
    expect(await productNamed(store, name.replace(NUL, ''))).toEqual([])
  })

  it('is refused in an admin product file name', async () => {
    const { cookie } = await adminSession(store.app)
    const [cover, main] = await requiredFiles()
    const res = await sendForm(
      store,
      '/api/products',
      formData(productFields(), [cover!, { ...main!, name: `mate${NUL}rial.pdf` }]),
      cookie,
    )
    expectRefused(res)
  })
})
