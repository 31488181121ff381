import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BnccSkill } from '../../../contracts/bncc.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { partsOf } from './bncc-codes.js'
import { searchSkills } from './bncc.service.js'

describe('the codes', () => {
  it.each([
    ['EF03MA09', { etapa: 'EF', anos: ['3'], componente: 'MA' }],
    ['EF15LP01', { etapa: 'EF', anos: ['1', '2', '3', '4', '5'], componente: 'LP' }],
    ['EF67EF01', { etapa: 'EF', anos: ['6', '7'], componente: 'EF' }],
    ['EF69AR01', { etapa: 'EF', anos: ['6', '7', '8', '9'], componente: 'AR' }],
    ['EI02TS01', { etapa: 'EI', anos: ['ei-bem-pequenas'], componente: 'EI-TS' }],
    ['EI03EF01', { etapa: 'EI', anos: ['ei-pequenas'], componente: 'EI-EF' }],
    ['EM13LGG103', { etapa: 'EM', anos: ['em-1', 'em-2', 'em-3'], componente: 'LGG' }],
    ['EM13MAT101', { etapa: 'EM', anos: ['em-1', 'em-2', 'em-3'], componente: 'MA' }],
    ['EM13LP02', { etapa: 'EM', anos: ['em-1', 'em-2', 'em-3'], componente: 'LP' }],
  ])('%s says its stage, years and component', (code, parts) => {
    expect(partsOf(code)).toEqual(parts)
  })

  it('ships all 1,580 objectives and skills, each with its official text', () => {
    expect(searchSkills({ q: 'EF03MA09' })[0]).toEqual({
      code: 'EF03MA09',
      text: expect.stringContaining('metade, terça, quarta'),
      anos: ['3'],
      componente: 'MA',
    })
    expect(searchSkills({ q: 'EF01LP99' })).toEqual([])
    const ofStage = (stage: string) => searchSkills({ q: stage }, 10_000).length
    expect(['EI', 'EF', 'EM'].map(ofStage)).toEqual([93, 1304, 183])
  })
})

describe('the search', () => {
  const codes = (skills: BnccSkill[]) => skills.map((s) => s.code)

  it('finds a code in any case, the one typed first', () => {
    expect(codes(searchSkills({ q: ' ef03ma09 ' }))[0]).toBe('EF03MA09')
  })

  it('finds the codes a prefix begins, in the BNCC order', () => {
    const found = codes(searchSkills({ q: 'EF03MA' }))
    expect(found.slice(0, 3)).toEqual(['EF03MA01', 'EF03MA02', 'EF03MA03'])
    expect(found.every((c) => c.startsWith('EF03MA'))).toBe(true)
    expect(found).toHaveLength(20)
  })

  it('finds words without their accents, every word somewhere in the text', () => {
    const plain = searchSkills({ q: 'fracoes unitarias' })
    expect(plain.length).toBeGreaterThan(0)
    expect(plain.every((s) => /fra(ç|c)/i.test(s.text) && /unitári/i.test(s.text))).toBe(true)
    expect(codes(searchSkills({ q: 'FRAÇÕES Unitárias' }))).toEqual(codes(plain))
  })

  it('takes words and a prefix together, and the filters of the form', () => {
    const found = searchSkills({ q: 'ef0 frações' })
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((s) => s.code.startsWith('EF0'))).toBe(true)
    const fourth = searchSkills({ q: 'frações', ano: ['4'], componente: ['MA'] })
    expect(codes(fourth)).toContain('EF04MA09')
    expect(fourth.every((s) => s.anos.includes('4') && s.componente === 'MA')).toBe(true)
    // The plural and the singular find the same skills.
    expect(codes(searchSkills({ q: 'fração', ano: ['5'] }))).toEqual(
      codes(searchSkills({ q: 'frações', ano: ['5'] })),
    )
    expect(searchSkills({ q: 'frações', ano: ['ei-bebes'] })).toEqual([])
  })

  it("reads 'em' and 'ei' as words among others, and as a stage alone", () => {
    expect(searchSkills({ q: 'em grupo' }).some((s) => !s.code.startsWith('EM'))).toBe(true)
    expect(searchSkills({ q: 'EM' }).every((s) => s.code.startsWith('EM'))).toBe(true)
  })
})

describe('GET /api/bncc', () => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore()
  })
  afterAll(() => store.close())

  it('answers the skills matching q, with text, years and component', async () => {
    const res = await store.app.inject({ url: '/api/bncc?q=EF03MA09' })
    expect(res.statusCode).toBe(200)
    expect(res.json<BnccSkill[]>()[0]).toEqual(searchSkills({ q: 'EF03MA09' })[0])
    const narrowed = await store.app.inject({
      url: `/api/bncc?q=${encodeURIComponent('frações')}&ano=3,4&componente=MA`,
    })
    const skills = narrowed.json<BnccSkill[]>()
    expect(skills.length).toBeGreaterThan(0)
    expect(skills.length).toBeLessThanOrEqual(20)
    expect(skills.every((s) => s.componente === 'MA' && /^EF0[34]/.test(s.code))).toBe(true)
  })

  it('answers 30 simultaneous searches alike: public data, read from memory, nothing written', async () => {
    const url = `/api/bncc?q=${encodeURIComponent('frações')}`
    const answers = await Promise.all(Array.from({ length: 30 }, () => store.app.inject({ url })))
    expect(answers.every((r) => r.statusCode === 200)).toBe(true)
    expect(new Set(answers.map((r) => r.body)).size).toBe(1)
    expect(answers[0]!.headers['cache-control']).toBe('public, max-age=3600')
    expect(answers[0]!.headers['set-cookie']).toBeUndefined()
  })

  it.each([
    ['no q', '/api/bncc', 'Digite um código ou palavras para buscar na BNCC'],
    ['a blank q', '/api/bncc?q=%20%20', 'Digite um código ou palavras para buscar na BNCC'],
    ['a long q', `/api/bncc?q=${'a'.repeat(101)}`, 'A busca pode ter no máximo 100 letras'],
    ['an unknown year', '/api/bncc?q=x&ano=10', 'Ano escolar desconhecido'],
    ['an unknown component', '/api/bncc?q=x&componente=XX', 'Componente curricular desconhecido'],
  ])('answers 400 in Portuguese for %s', async (_label, url, message) => {
    const res = await store.app.inject({ url })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message })
  })
})

describe('POST /api/admin/bncc-suggestions', () => {
  let store: TestStore
  let admin: string
  beforeAll(async () => {
    store = await createTestStore()
    admin = (await adminSession(store.app)).cookie
  })
  afterAll(() => store.close())

  const suggest = (payload: object, cookie = admin) =>
    store.app.inject({
      method: 'POST',
      url: '/api/admin/bncc-suggestions',
      headers: { cookie },
      payload,
    })

  it("proposes the five skills best matching the product's words, within her years and components", async () => {
    const res = await suggest({
      name: 'Jogo das frações unitárias',
      description: 'Reconhecer metade, um terço e um quarto na reta numérica.',
    })
    expect(res.statusCode, res.body).toBe(200)
    const skills = res.json<BnccSkill[]>()
    expect(skills).toHaveLength(5)
    expect(skills.map((s) => s.code)).toContain('EF04MA09')
    const narrowed = await suggest({
      name: 'Jogo das frações',
      description: '',
      anos: ['5'],
      componentes: ['MA'],
    })
    const fifth = narrowed.json<BnccSkill[]>()
    expect(fifth.length).toBeGreaterThan(0)
    expect(fifth.every((s) => s.componente === 'MA' && s.anos.includes('5'))).toBe(true)
    // Nothing to go by: nothing proposed.
    expect((await suggest({ name: 'de para com', description: '' })).json()).toEqual([])
  })

  it("is the owner's alone, and refuses bad values in Portuguese", async () => {
    expect((await suggest({ name: 'frações' }, '')).statusCode).toBe(401)
    const customer = (await customerSession(store.app)).cookie
    expect((await suggest({ name: 'frações' }, customer)).statusCode).toBe(403)
    const bad = await suggest({ name: 'frações', anos: ['10'] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ message: 'Ano escolar desconhecido' })
  })
})
