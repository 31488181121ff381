import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AdminProduct } from '../../../contracts/products.js'
import { needsTags } from '../../../contracts/school.js'
import type { ChecklistAnswer } from '../../../contracts/store.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, requiredFiles, sendForm } from '../../testing/uploads.js'

// 'Marcar selecionados': many products' years, components and kind in one write.

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

async function create(fields: Record<string, string> = {}) {
  // A category that means nothing of years, components or kinds: the product starts bare.
  const form = formData(productFields({ category: 'datas_comemorativas', ...fields }), [
    ...(await requiredFiles()),
  ])
  const res = await sendForm(store, '/api/products', form, admin)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ id: number }>().id
}
const tag = (payload: unknown, cookie: string | null = admin) =>
  store.app.inject({
    method: 'POST',
    url: '/api/admin/products/tags',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  })
async function read(id: number) {
  const res = await store.app.inject({
    method: 'GET',
    url: '/api/admin/products',
    headers: { cookie: admin },
  })
  const p = res.json<AdminProduct[]>().find((p) => p.id === id)!
  return { anos: p.anos, componentes: p.componentes, tipo: p.tipo }
}

describe('tagging many products at once', () => {
  it('takes 30 simultaneous writes over the same products, losing none of the years they add', async () => {
    const ids = [await create(), await create(), await create()]
    const years = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const
    // Overlapping sets in both orders: the rows are locked in id order, so no write waits on
    // another in a cycle (on PostgreSQL a deadlock would answer 500 here).
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        tag({
          ids: i % 2 ? [...ids].reverse() : ids,
          anos: [years[i % years.length]],
          mode: 'add',
        }),
      ),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200))
    for (const id of ids) expect((await read(id)).anos).toEqual([...years])
  })

  it('adds years and components to those held, sets the kind, and the storefront filters by them at once', async () => {
    const a = await create({ anos: '1' })
    const b = await create({ bncc: 'EF03MA09' })
    const res = await tag({ ids: [a, b, a], anos: ['2'], componentes: ['LP'], tipo: 'jogo' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ updated: [a, b] })
    expect(await read(a)).toEqual({ anos: ['1', '2'], componentes: ['LP'], tipo: 'jogo' })
    expect(await read(b)).toEqual({ anos: ['2', '3'], componentes: ['LP', 'MA'], tipo: 'jogo' })
    await vi.waitFor(async () => {
      const catalog = await store.app.inject({
        method: 'GET',
        url: '/api/catalog?tipo=jogo&componente=LP',
      })
      const ids = catalog.json<{ items: { id: number }[] }>().items.map((p) => p.id)
      expect(ids).toEqual(expect.arrayContaining([a, b]))
    })
  })

  it("replaces the lists sent, keeps those not sent, and never drops what a product's codes imply", async () => {
    const id = await create({ anos: '1,2', componentes: 'AR', tipo: 'cartaz', bncc: 'EF03MA09' })
    const res = await tag({ ids: [id], anos: ['5'], mode: 'replace' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await read(id)).toEqual({ anos: ['3', '5'], componentes: ['MA', 'AR'], tipo: 'cartaz' })
    await tag({ ids: [id], tipo: null })
    expect((await read(id)).tipo).toBeNull()
  })

  it('writes nothing when one id is not a product: 404 naming it', async () => {
    const id = await create()
    const before = await read(id)
    const res = await tag({ ids: [id, 999_999, 999_998], anos: ['4'] })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Produtos não encontrados: 999999, 999998' })
    expect(await read(id)).toEqual(before)
  })

  it.each([
    [{ ids: [], anos: ['1'] }, 'Escolha de 1 a 500 produtos'],
    [
      { ids: Array.from({ length: 501 }, (_, i) => i + 1), anos: ['1'] },
      'Escolha de 1 a 500 produtos',
    ],
    [{ ids: [1] }, 'Escolha ao menos um ano, componente ou tipo para marcar'],
    [{ ids: [1], anos: ['13'] }, 'Ano escolar desconhecido'],
    [{ ids: [1], componentes: ['XX'] }, 'Componente curricular desconhecido'],
    [{ ids: [1], tipo: 'video' }, 'Tipo de material desconhecido'],
    [
      { ids: [1], anos: ['1'], mode: 'merge' },
      'Modo inválido: use "add" (somar) ou "replace" (trocar)',
    ],
    [{ ids: ['x'], anos: ['1'] }, 'ID do produto inválido'],
  ])('refuses %j with its message', async (payload, message) => {
    const res = await tag(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message })
  })
})

describe('the count of products without tags', () => {
  it("the checklist counts what the admin's list shows, products on sale only, and 0 once all are tagged", async () => {
    const bare = await create({ tipo: 'jogo' })
    const off = await create({ isActive: 'false' })
    const checklist = async () =>
      (
        await store.app.inject({
          method: 'GET',
          url: '/api/admin/checklist',
          headers: { cookie: admin },
        })
      ).json<ChecklistAnswer>().untagged
    const list = (
      await store.app.inject({
        method: 'GET',
        url: '/api/admin/products',
        headers: { cookie: admin },
      })
    ).json<AdminProduct[]>()
    const onSale = list.filter((p) => p.isActive && needsTags(p))
    expect(onSale.map((p) => p.id)).toContain(bare)
    expect(onSale.map((p) => p.id)).not.toContain(off)
    expect(await checklist()).toBe(onSale.length)
    const res = await tag({
      ids: onSale.map((p) => p.id),
      anos: ['1'],
      componentes: ['MA'],
      tipo: 'atividades',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await checklist()).toBe(0)
  })
})

describe('who may tag many', () => {
  it('a stranger gets 401, a customer 403, and the products keep their tags', async () => {
    const id = await create({ tipo: 'jogo' })
    const body = { ids: [id], tipo: 'cartaz' }
    expect((await tag(body, null)).statusCode).toBe(401)
    const customer = await customerSession(store.app)
    expect((await tag(body, customer.cookie)).statusCode).toBe(403)
    expect((await read(id)).tipo).toBe('jogo')
  })
})
