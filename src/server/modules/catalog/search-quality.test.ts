import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogPage, CatalogSuggestions } from '../../../contracts/catalog.js'
import { adminSession } from '../../testing/auth.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, requiredFiles, sendForm } from '../../testing/uploads.js'
import { QUERIES, SHELF } from './search-quality.fixture.js'

// The search-quality table: what a teacher types, with typos, plurals, several
// words, codes, prefixes and years in words, and the material she means. Every one must be
// among the first three; how many come first is printed for the release note.

let store: TestStore
const idOf = new Map<string, number>()

beforeAll(async () => {
  store = await createTestStore()
  const admin = (await adminSession(store.app)).cookie
  const files = await requiredFiles()
  for (const { key, ...fields } of SHELF) {
    const res = await sendForm(
      store,
      '/api/products',
      formData(productFields(fields), files),
      admin,
    )
    if (res.statusCode !== 201) throw new Error(res.body)
    idOf.set(key, res.json<{ id: number }>().id)
  }
})
afterAll(() => store.close())

async function ranked(q: string): Promise<number[]> {
  const res = await store.app.inject({
    method: 'GET',
    url: `/api/catalog?q=${encodeURIComponent(q)}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<CatalogPage>().items.map((item) => item.id)
}

describe('the search-quality table', () => {
  it(`finds each of ${QUERIES.length} queries' material among the first three`, async () => {
    const rows: { query: string; expected: string; position: number }[] = []
    for (const [query, expected] of QUERIES) {
      const position = (await ranked(query)).indexOf(idOf.get(expected)!) + 1
      rows.push({ query, expected, position })
    }
    const first = rows.filter((r) => r.position === 1).length
    const top3 = rows.filter((r) => r.position >= 1 && r.position <= 3).length
    console.info(
      [
        `search quality: ${first}/${rows.length} first, ${top3}/${rows.length} in the top 3`,
        ...rows.map((r) => `  ${r.position || '-'}\t${r.query} → ${r.expected}`),
      ].join('\n'),
    )
    expect(rows.filter((r) => r.position < 1 || r.position > 3)).toEqual([])
  })

  it('asks every word to match: a word found nowhere empties the list', async () => {
    expect(await ranked('jogo frações xilofone')).toEqual([])
    // Words that say nothing ('de', 'para', 'com') are not asked for.
    expect((await ranked('jogo de frações para o 4º ano'))[0]).toBe(idOf.get('pizza'))
  })

  it('reads a year however it is written', async () => {
    const bingo = idOf.get('bingo')
    for (const q of [
      'bingo 4º ano',
      'bingo 4o ano',
      'bingo 4 ano',
      'bingo quarto ano',
      'bingo 4° ano',
    ])
      expect(await ranked(q), q).toEqual([bingo])
    // An age is not a year: '5 anos' is not '5º ano'.
    expect(await ranked('frações 5 anos')).not.toContain(idOf.get('fracoes5'))
  })

  it('forgives one typo only in words of five letters or more, never in a code', async () => {
    expect((await ranked('caligrafya'))[0]).toBe(idOf.get('caligrafia'))
    expect(await ranked('jigo')).toEqual([])
    expect(await ranked('EF03MA08')).toEqual([])
  })
})

describe('GET /api/catalog/suggestions', () => {
  const suggest = async (q: string) => {
    const res = await store.app.inject({
      method: 'GET',
      url: `/api/catalog/suggestions?q=${encodeURIComponent(q)}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<CatalogSuggestions>()
  }

  it('proposes materials, taught skills and filters for the word being typed', async () => {
    const typed = await suggest('jog')
    expect(typed.products.length).toBeGreaterThan(0)
    expect(typed.products.length).toBeLessThanOrEqual(4)
    expect(typed.filters).toContainEqual({ facet: 'tipo', value: 'jogo', label: 'Jogo', count: 4 })
    const fractions = await suggest('frações unitárias')
    expect(fractions.products.map((p) => p.id)).toEqual([idOf.get('pizza')])
    // Skills the shelf teaches, each a page with materials: never one nobody teaches.
    expect(fractions.skills.map((s) => s.code)).toEqual(['EF04MA09'])
    expect((await suggest('datas comemorativas')).filters).toContainEqual(
      expect.objectContaining({ facet: 'tema', value: 'datas-comemorativas' }),
    )
    expect((await suggest('4º ano')).filters).toContainEqual(
      expect.objectContaining({ facet: 'ano', value: '4' }),
    )
  })

  it('answers 30 simultaneous asks alike, from public data, setting no cookie', async () => {
    const url = `/api/catalog/suggestions?q=${encodeURIComponent('jogo frações')}`
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => store.app.inject({ method: 'GET', url })),
    )
    expect(answers.every((r) => r.statusCode === 200)).toBe(true)
    expect(new Set(answers.map((r) => r.body)).size).toBe(1)
    expect(answers[0]!.headers['set-cookie']).toBeUndefined()
    // Only what the catalogue shows anyone: ids and names of materials on sale, public skills.
    expect(Object.keys(answers[0]!.json<CatalogSuggestions>().products[0]!).sort()).toEqual([
      'id',
      'name',
    ])
  })

  it('answers nothing for nothing, and refuses a long search in Portuguese', async () => {
    expect(await suggest('  ')).toEqual({ products: [], skills: [], filters: [] })
    const long = await store.app.inject({
      method: 'GET',
      url: `/api/catalog/suggestions?q=${'a'.repeat(101)}`,
    })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toEqual({ message: 'A busca pode ter no máximo 100 letras' })
  })
})
