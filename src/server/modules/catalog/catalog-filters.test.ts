import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogPage } from '../../../contracts/catalog.js'
import type { BnccSkillPage } from '../../../contracts/bncc.js'
import { adminSession } from '../../testing/auth.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, requiredFiles, sendForm } from '../../testing/uploads.js'

// GET /api/catalog's filters (year, component, kind, theme, price, BNCC code) and the counts of
// each filter's options; GET /api/bncc/:code with the materials that teach it.

let store: TestStore
let admin: string
const ids: Record<string, number> = {}

async function create(key: string, fields: Record<string, string>) {
  const form = formData(productFields(fields), await requiredFiles())
  const res = await sendForm(store, '/api/products', form, admin)
  if (res.statusCode !== 201) throw new Error(res.body)
  ids[key] = res.json<{ id: number }>().id
}

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  // Four materials, told apart by what they are for (no category meaning, no theme).
  const base = { category: 'recursos_digitais', tema: '' }
  await create('fracoes3', {
    ...base,
    name: 'Jogo das Frações',
    bncc: 'EF03MA09',
    tipo: 'jogo',
    price: '9.90',
  })
  await create('fracoes4', {
    ...base,
    name: 'Frações na Pizza',
    bncc: 'EF04MA09',
    tipo: 'atividades',
    price: '19.90',
  })
  await create('leitura3', {
    ...base,
    name: 'Fichas de Leitura',
    anos: '3',
    componentes: 'LP',
    tipo: 'atividades',
    price: '0',
    isFree: 'true',
  })
  await create('natal', {
    ...base,
    name: 'Cartaz de Natal',
    tipo: 'cartaz',
    tema: 'datas-comemorativas',
    price: '45.00',
  })
})
afterAll(() => store.close())

const catalog = async (query: string) => {
  const res = await store.app.inject({ method: 'GET', url: `/api/catalog?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<CatalogPage>()
}
const names = (page: CatalogPage) => page.items.map((i) => i.name).sort()
const counts = (page: CatalogPage, facet: keyof CatalogPage['facets']) =>
  Object.fromEntries(page.facets[facet].map((o) => [o.value, o.count]))

describe('GET /api/catalog with filters', () => {
  it('filters by year and component, combined, and each item says what it is for', async () => {
    const page = await catalog('ano=3&componente=MA')
    expect(names(page)).toEqual(['Jogo das Frações'])
    expect(page.total).toBe(1)
    expect(page.items[0]).toMatchObject({
      bncc: ['EF03MA09'],
      anos: ['3'],
      componentes: ['MA'],
      tipo: 'jogo',
    })
  })

  it('counts each option given the other filters, not its own', async () => {
    const page = await catalog('ano=3')
    // Year 3 holds two materials: the component counts are theirs.
    expect(counts(page, 'componente')).toEqual({ LP: 1, MA: 1 })
    // The year facet ignores its own filter: every year with materials, with its count.
    expect(counts(page, 'ano')).toEqual({ '3': 2, '4': 1 })
    expect(counts(page, 'tipo')).toEqual({ jogo: 1, atividades: 1 })
    expect(counts(page, 'preco')).toEqual({ gratis: 1, 'ate-10': 1 })
    expect(page.facets.ano.find((o) => o.value === '3')).toEqual({
      value: '3',
      label: '3º ano',
      count: 2,
    })
  })

  it('filters by kind, theme, price band and a BNCC code or prefix', async () => {
    expect(names(await catalog('tipo=atividades'))).toEqual([
      'Fichas de Leitura',
      'Frações na Pizza',
    ])
    expect(names(await catalog('tema=datas-comemorativas'))).toEqual(['Cartaz de Natal'])
    expect(names(await catalog('preco=gratis'))).toEqual(['Fichas de Leitura'])
    expect(names(await catalog('preco=10-a-30'))).toEqual(['Frações na Pizza'])
    expect(names(await catalog('preco=acima-de-30'))).toEqual(['Cartaz de Natal'])
    expect(names(await catalog('bncc=ef04ma09'))).toEqual(['Frações na Pizza'])
    expect(names(await catalog('bncc=EF0'))).toEqual(['Frações na Pizza', 'Jogo das Frações'])
  })

  it('keeps the chosen options in their facets when they show nothing, so they can be taken off', async () => {
    // The Christmas poster has no year, and year 4 has no poster.
    const page = await catalog('tipo=cartaz&ano=4')
    expect(page.total).toBe(0)
    expect(page.facets.tipo.find((o) => o.value === 'cartaz')).toMatchObject({ count: 0 })
    expect(page.facets.ano.find((o) => o.value === '4')).toMatchObject({ count: 0 })
    expect(counts(page, 'tipo')).toEqual({ atividades: 1, cartaz: 0 })
  })

  it('finds a material by its code and by its component in words', async () => {
    expect(names(await catalog('q=ef03ma09'))).toEqual(['Jogo das Frações'])
    expect(names(await catalog('q=matematica'))).toEqual(['Frações na Pizza', 'Jogo das Frações'])
  })

  it.each([
    ['ano=13', 'Ano escolar desconhecido'],
    ['componente=XX', 'Componente curricular desconhecido'],
    ['tipo=video', 'Tipo de material desconhecido'],
    ['tema=futebol', 'Tema desconhecido'],
    ['preco=caro', 'Faixa de preço desconhecida'],
    ['bncc=EF03%27--', 'Código BNCC inválido: use letras e números, como EF03MA09 ou EF03MA'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await store.app.inject({ method: 'GET', url: `/api/catalog?${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message })
  })
})

describe('as a stranger would call them', () => {
  it('30 simultaneous filtered searches each answer their own filters, not another one’s', async () => {
    const queries = [
      'ano=3',
      'ano=4',
      'tipo=atividades',
      'preco=gratis',
      'componente=MA',
      'tema=datas-comemorativas',
    ]
    const expected = await Promise.all(queries.map(async (q) => names(await catalog(q))))
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => catalog(`${queries[i % queries.length]}&page=1`)),
    )
    answers.forEach((page, i) => expect(names(page)).toEqual(expected[i % queries.length]))
  })

  it('30 simultaneous skill reads answer alike and set no cookie; odd codes are a 404 or 400, never a 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        store.app.inject({ method: 'GET', url: '/api/bncc/EF04MA09' }),
      ),
    )
    expect(new Set(answers.map((r) => r.body)).size).toBe(1)
    expect(answers.every((r) => r.statusCode === 200 && !r.headers['set-cookie'])).toBe(true)
    for (const code of ["EF03MA09'%20OR%201=1", '..%2F..%2Fetc', 'E'.repeat(21)]) {
      const res = await store.app.inject({ method: 'GET', url: `/api/bncc/${code}` })
      expect([400, 404], code).toContain(res.statusCode)
      expect(res.json<{ message: string }>().message, code).toMatch(/Código BNCC/)
    }
    // A NUL byte is refused before any route, with the store's own message.
    const nul = await store.app.inject({ method: 'GET', url: '/api/bncc/%00' })
    expect(nul.statusCode).toBe(400)
    expect(nul.json<{ message: string }>().message).toMatch(/caracteres inválidos/)
  })
})

describe('GET /api/bncc/:code', () => {
  it('answers the skill, its year and component, and the materials that teach it', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/api/bncc/ef03ma09' })
    expect(res.statusCode, res.body).toBe(200)
    const skill = res.json<BnccSkillPage>()
    expect(skill).toMatchObject({ code: 'EF03MA09', anos: ['3'], componente: 'MA' })
    expect(skill.text).toMatch(/^Associar o quociente de uma divisão/)
    expect(skill.products.map((p) => p.id)).toEqual([ids.fracoes3])
  })

  it('answers 404 for a code the BNCC does not have', async () => {
    const res = await store.app.inject({ method: 'GET', url: '/api/bncc/EF01LP99' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Código BNCC não encontrado' })
  })

  it('lists in the sitemap the page of each skill a material on sale teaches', async () => {
    const xml = (await store.app.inject({ method: 'GET', url: '/sitemap.xml' })).body
    expect(xml).toContain('/bncc/EF03MA09</loc>')
    expect(xml).toContain('/bncc/EF04MA09</loc>')
    expect(xml).not.toContain('/bncc/EF01LP01</loc>')
  })

  it('a product taken off sale leaves the skill page', async () => {
    const off = await store.app.inject({
      method: 'PUT',
      url: `/api/admin/products-light/${ids.fracoes3}/toggle`,
      headers: { cookie: admin },
      payload: { isActive: false },
    })
    expect(off.statusCode, off.body).toBe(200)
    const skill = (
      await store.app.inject({ method: 'GET', url: '/api/bncc/EF03MA09' })
    ).json<BnccSkillPage>()
    expect(skill.products).toEqual([])
  })
})
