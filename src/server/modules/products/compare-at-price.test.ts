import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../contracts/products.js'
import { adminSession } from '../../testing/auth.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, requiredFiles, sendForm } from '../../testing/uploads.js'

// The 'de' price the owner may show beside the price: always above it, said so in Portuguese.

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

async function create(fields: Record<string, string | undefined>) {
  const form = formData(productFields(fields), await requiredFiles())
  return sendForm(store, '/api/products', form, admin)
}
const edit = (id: number, payload: object) =>
  store.app.inject({
    method: 'PUT',
    url: `/api/products/${id}/update-json`,
    headers: { cookie: admin },
    payload,
  })
const shown = async (id: number) =>
  (await store.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>()

describe('the compare-at price', () => {
  it('is kept and answered beside the price ("29.90" and "19.90")', async () => {
    const res = await create({ price: '19,90', compareAtPrice: 'R$ 29,90' })
    expect(res.statusCode, res.body).toBe(201)
    const product = await shown(res.json<{ id: number }>().id)
    expect(product).toMatchObject({ price: '19.90', compareAtPrice: '29.90' })
  })

  it('is null when not given or left blank', async () => {
    const none = await create({})
    expect((await shown(none.json<{ id: number }>().id)).compareAtPrice).toBeNull()
    const blank = await create({ compareAtPrice: '' })
    expect((await shown(blank.json<{ id: number }>().id)).compareAtPrice).toBeNull()
  })

  it.each([
    ['equal to the price', '19.90'],
    ['below the price', '9.90'],
  ])('refuses a "de" price %s with a clear 400', async (_label, compareAtPrice) => {
    const res = await create({ price: '19.90', compareAtPrice })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message:
        'O preço "de" deve ser maior que o preço de venda (R$\u00a019,90), ou fique em branco.',
    })
  })

  it('refuses what is not a price', async () => {
    const res = await create({ compareAtPrice: 'vinte reais' })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(
      'Preço "de" inválido: use um valor em reais com no máximo 2 casas decimais',
    )
  })

  it('an edit that raises the price to the kept "de" price is refused; blank removes it', async () => {
    const id = (await create({ price: '19.90', compareAtPrice: '29.90' })).json<{ id: number }>().id
    const raised = await edit(id, { name: 'Kit', price: '29.90' })
    expect(raised.statusCode).toBe(400)
    expect(raised.json()).toEqual({
      message:
        'O preço "de" deve ser maior que o preço de venda (R$\u00a029,90), ou fique em branco.',
    })
    expect(await shown(id)).toMatchObject({ price: '19.90', compareAtPrice: '29.90' })

    const both = await edit(id, { name: 'Kit', price: '29.90', compareAtPrice: '39.90' })
    expect(both.statusCode, both.body).toBe(200)
    expect(await shown(id)).toMatchObject({ price: '29.90', compareAtPrice: '39.90' })

    const removed = await edit(id, { name: 'Kit', price: '29.90', compareAtPrice: '' })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await shown(id)).compareAtPrice).toBeNull()
  })

  it('a free material has none', async () => {
    const res = await create({ isFree: 'true', price: '0', compareAtPrice: '29.90' })
    expect(res.statusCode, res.body).toBe(201)
    expect((await shown(res.json<{ id: number }>().id)).compareAtPrice).toBeNull()
  })
})
