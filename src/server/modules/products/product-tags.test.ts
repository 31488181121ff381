import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../contracts/products.js'
import { CATEGORIES } from '../../../contracts/categories.js'
import { CATEGORY_TAGS } from '../../../contracts/school.js'
import { adminSession } from '../../testing/auth.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, requiredFiles, sendForm } from '../../testing/uploads.js'

// Who a material is for and what it is: years, components, BNCC codes, kind, theme, pages.

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
const read = async (id: number) =>
  (await store.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Product>()
const edit = (id: number, payload: object) =>
  store.app.inject({
    method: 'PUT',
    url: `/api/products/${id}/update-json`,
    headers: { cookie: admin },
    payload: { name: 'Jogo das Frações', price: '12.90', ...payload },
  })

describe('product tags', () => {
  it('takes codes, years, components, kind, theme and pages from the form, the codes implying their year and component', async () => {
    const res = await create({
      name: 'Jogo das Frações',
      category: 'jogos_recursos_ludicos',
      bncc: 'ef04ma09, EF03MA09',
      tipo: 'jogo',
      tema: '',
      paginas: '12',
    })
    expect(res.statusCode, res.body).toBe(201)
    const product = await read(res.json<{ id: number }>().id)
    expect(product).toMatchObject({
      bncc: ['EF04MA09', 'EF03MA09'],
      anos: ['3', '4'],
      componentes: ['MA'],
      tipo: 'jogo',
      tema: null,
      paginas: 12,
    })
  })

  it('answers 400 naming an unknown code, and writes nothing', async () => {
    const before = (await store.app.inject({ method: 'GET', url: '/api/products' })).json<
      Product[]
    >().length
    const res = await create({ name: 'Código errado', bncc: 'EF03MA09,EF01LP99' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'Código BNCC desconhecido: EF01LP99' })
    const after = (await store.app.inject({ method: 'GET', url: '/api/products' })).json<
      Product[]
    >().length
    expect(after).toBe(before)
  })

  it.each([
    [{ anos: '3,13' }, 'Ano escolar desconhecido'],
    [{ componentes: 'MA,XX' }, 'Componente curricular desconhecido'],
    [{ tipo: 'video' }, 'Tipo de material desconhecido'],
    [{ tema: 'futebol' }, 'Tema desconhecido'],
    [{ paginas: '0' }, 'Número de páginas inválido: use um número inteiro de 1 a 5000'],
    [{ bncc: '[1,' }, 'Lista inválida: envie os valores separados por vírgula'],
  ])('refuses %j with its message', async (fields, message) => {
    const res = await create({ name: 'Valor errado', ...fields })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message })
  })

  it('gives a new product sent with a category alone what that category meant', async () => {
    const res = await create({ name: 'Cartaz do alfabeto', category: 'cartazes_murais' })
    expect(res.statusCode, res.body).toBe(201)
    expect(await read(res.json<{ id: number }>().id)).toMatchObject({
      tipo: 'cartaz',
      anos: [],
      componentes: [],
      tema: null,
      bncc: [],
    })
  })

  it('on an edit, keeps what is not sent and adds what new codes imply to the years held', async () => {
    // Alfabetização (the fields' category) gave it Língua Portuguesa.
    const res = await create({ name: 'Jogo', anos: '2', tipo: 'jogo', paginas: '8' })
    const id = res.json<{ id: number }>().id
    const edited = await edit(id, { bncc: ['EF05MA03'] })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await read(id)).toMatchObject({
      bncc: ['EF05MA03'],
      anos: ['2', '5'],
      componentes: ['LP', 'MA'],
      tipo: 'jogo',
      paginas: 8,
    })
    const cleared = await edit(id, { bncc: [], anos: [], componentes: [], tipo: null })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(await read(id)).toMatchObject({ bncc: [], anos: [], componentes: [], tipo: null })
    const refused = await edit(id, { bncc: ['EM13MAT999'] })
    expect(refused.json()).toEqual({ message: 'Código BNCC desconhecido: EM13MAT999' })
  })
})

describe('who may tag', () => {
  it('a stranger cannot write tags: 401, and the product keeps its own', async () => {
    const res = await create({ name: 'Da dona', bncc: 'EF03MA09' })
    const id = res.json<{ id: number }>().id
    const stranger = await store.app.inject({
      method: 'PUT',
      url: `/api/products/${id}/update-json`,
      payload: { name: 'Da dona', price: '12.90', bncc: ['EF01LP01'] },
    })
    expect(stranger.statusCode).toBe(401)
    expect((await read(id)).bncc).toEqual(['EF03MA09'])
  })
})

describe('the 22 old categories in the new terms', () => {
  it('maps every category, and migration 0028 writes exactly that mapping', () => {
    expect(Object.keys(CATEGORY_TAGS).sort()).toEqual(CATEGORIES.map((c) => c.slug).sort())
    const sql = readFileSync(
      new URL('../../db/migrations/0028_product_school_tags.sql', import.meta.url),
      'utf8',
    )
    for (const [slug, tags] of Object.entries(CATEGORY_TAGS)) {
      const line = sql.split('\n').find((l) => l.includes(`WHERE "category" = '${slug}'`))
      expect(line, slug).toBeDefined()
      if (tags.anos) expect(line).toContain(`"anos" = '{${tags.anos.join(',')}}'`)
      if (tags.componentes) {
        expect(line).toContain(`"componentes" = '{${tags.componentes.join(',')}}'`)
      }
      if (tags.tipo) expect(line).toContain(`"tipo" = '${tags.tipo}'`)
      if (tags.tema) expect(line).toContain(`"tema" = '${tags.tema}'`)
    }
  })
})
