import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BnccIndex } from '../../../contracts/bncc.js'
import type { PageData } from '../../../contracts/page-data.js'
import { adminSession } from '../../testing/auth.js'
import { writeBuiltClient } from '../../testing/built-client.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, requiredFiles, sendForm } from '../../testing/uploads.js'
import { startOf } from './bncc.service.js'

// The BNCC's index: GET /api/bncc/index and the /bncc page drawn from it, which links the codes
// some material on sale teaches and shows the others as plain codes.

let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let admin: string
const ids: Record<string, number> = {}

async function create(key: string, bncc: string) {
  const fields = productFields({ name: `Material ${key}`, bncc, category: 'recursos_digitais' })
  const res = await sendForm(store, '/api/products', formData(fields, await requiredFiles()), admin)
  if (res.statusCode !== 201) throw new Error(res.body)
  ids[key] = res.json<{ id: number }>().id
}

async function setActive(key: string, isActive: boolean) {
  const res = await store.app.inject({
    method: 'PUT',
    url: `/api/admin/products-light/${ids[key]}/toggle`,
    headers: { cookie: admin },
    payload: { isActive },
  })
  expect(res.statusCode, res.body).toBe(200)
}

beforeAll(async () => {
  client = await writeBuiltClient()
  store = await createTestStore({ clientDir: client.dir })
  admin = (await adminSession(store.app)).cookie
  // EF03MA09 taught twice; EF15LP01 (a block: 1º to 5º ano) once; EF04MA09 by a hidden one.
  await create('fracoes', 'EF03MA09')
  await create('leitura', 'EF03MA09,EF15LP01')
  await create('escondido', 'EF04MA09')
  await setActive('escondido', false)
}, 240_000)
afterAll(async () => {
  await store?.close()
  await client?.remove()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: 'GET', url, headers })

/** The markup inside #root and the data block beside it. */
function parts(html: string): { root: string; data: PageData } {
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)
  const data = /<script type="application\/json" id="dados-da-pagina">([\s\S]*?)<\/script>/.exec(
    html,
  )
  return { root: root?.[1] ?? '', data: data ? (JSON.parse(data[1]!) as PageData) : {} }
}

const links = (root: string, code: string) => root.split(`href="/bncc/${code}"`).length - 1

describe('GET /api/bncc/index', () => {
  it('answers every code once, by years and component, and the materials of the taught ones', async () => {
    const res = await get('/api/bncc/index')
    expect(res.statusCode, res.body).toBe(200)
    const index = res.json<BnccIndex>()
    const codes = index.groups.flatMap((g) => g.codes)
    expect(codes).toHaveLength(1580)
    expect(new Set(codes).size).toBe(1580)
    expect(index.groups.find((g) => g.codes.includes('EF15LP01'))).toMatchObject({
      anos: ['1', '2', '3', '4', '5'],
      componente: 'LP',
    })
    expect(index.groups.find((g) => g.codes.includes('EM13MAT101'))).toMatchObject({
      anos: ['em-1', 'em-2', 'em-3'],
      componente: 'MA',
    })
    // The hidden material counts for nothing; the texts are only the start of the official one.
    expect(Object.keys(index.taught)).toEqual(['EF03MA09', 'EF15LP01'])
    expect(index.taught.EF03MA09).toEqual({
      materials: 2,
      start: expect.stringMatching(/^Associar o quociente de uma divisão.*…$/),
    })
    expect(index.taught.EF15LP01!.materials).toBe(1)
    expect(index.taught.EF03MA09!.start.length).toBeLessThanOrEqual(100)
  })

  it('is small and cacheable: gzipped, with an ETag that answers 304', async () => {
    const res = await get('/api/bncc/index', { 'accept-encoding': 'gzip' })
    expect(res.headers['content-encoding']).toBe('gzip')
    const gzipped = res.rawPayload.length
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(
      (await get('/api/bncc/index')).json(),
    )
    expect(gzipped).toBeLessThan(6_000)
    const etag = String(res.headers.etag)
    expect(etag).toMatch(/^"/)
    const again = await get('/api/bncc/index', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('leaves the skill route as it was: a code answers, a word is a 404', async () => {
    expect((await get('/api/bncc/EF03MA09')).statusCode).toBe(200)
    for (const url of ['/api/bncc/INDEX', '/api/bncc/Index', '/api/bncc/EF01LP99']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual({ message: 'Código BNCC não encontrado' })
    }
  })
})

describe('the /bncc page', () => {
  it('is drawn with its title and description, links only the taught codes, and credits the data', async () => {
    const res = await get('/bncc')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('<title>BNCC: habilidades por ano e componente | ')
    expect(res.body).toMatch(/<meta name="description" content="Todas as habilidades[^"]+">/)
    expect(res.body).toContain('/bncc">')
    const { root, data } = parts(res.body)
    expect(root).toContain('Habilidades da BNCC por ano e componente')
    for (const stage of ['Educação Infantil', 'Ensino Fundamental', 'Ensino Médio']) {
      expect(root).toContain(stage)
    }
    expect(root).toContain('1ª a 3ª série')
    expect(root).toContain('data-testid="bncc-credit"')
    // Taught: a link with its count; a block is under each of its years (1º to 5º ano).
    expect(links(root, 'EF03MA09')).toBe(1)
    expect(links(root, 'EF15LP01')).toBe(5)
    expect(root).toContain('2 materiais')
    // Not taught (or taught by a hidden material only): the code, never a link to an empty page.
    for (const code of ['EF04MA09', 'EF01LP01', 'EI03TS01', 'EM13MAT101']) {
      expect(root, code).toContain(`<li>${code}</li>`)
      expect(links(root, code), code).toBe(0)
    }
    // What the browser hydrates from is what the API answers.
    expect(data.bnccIndex).toEqual((await get('/api/bncc/index')).json())
  })

  it('follows the catalogue: a code whose only material leaves sale is no longer a link', async () => {
    await setActive('leitura', false)
    try {
      const { root, data } = parts((await get('/bncc')).body)
      expect(links(root, 'EF15LP01')).toBe(0)
      expect(root).toContain('<li>EF15LP01</li>')
      expect(data.bnccIndex?.taught.EF03MA09?.materials).toBe(1)
    } finally {
      await setActive('leitura', true)
    }
    expect(links(parts((await get('/bncc')).body).root, 'EF15LP01')).toBe(5)
  })

  it('is in the sitemap, and each skill page links back to it', async () => {
    const xml = (await get('/sitemap.xml')).body
    expect(xml).toMatch(/<loc>[^<]*\/bncc<\/loc>/)
    expect(xml).toContain('/bncc/EF03MA09</loc>')
    const skill = parts((await get('/bncc/EF03MA09')).body).root
    expect(skill).toContain('href="/bncc"')
    expect(skill).toContain('Todas as habilidades da BNCC')
  })

  it('leaves the 404s as they were', async () => {
    expect((await get('/bncc/EF01LP99')).statusCode).toBe(404)
    expect((await get('/bncc/index')).statusCode).toBe(404)
    expect((await get('/bncc/a/b')).statusCode).toBe(404)
  })
})

describe('startOf', () => {
  it('keeps a short text whole and cuts a long one at a word, marked', () => {
    expect(startOf('Contar até dez.')).toBe('Contar até dez.')
    const cut = startOf('palavra '.repeat(30))
    expect(cut.length).toBeLessThanOrEqual(100)
    expect(cut).toMatch(/ palavra…$/)
  })
})
