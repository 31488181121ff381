import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PAGE_ABOUT } from '../../../contracts/default-pages.js'
import type { ChecklistAnswer, DemoRemoved } from '../../../contracts/store.js'
import { NEUTRAL_TEXTS } from '../../../contracts/store-texts.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { products } from '../products/products.tables.js'

// The demo's own words (About with its questions, the footer, the banner): replaced with the
// demo if she asks, hers kept, and 'Revise os textos da loja' done once she saved each.
let store: TestStore
let admin: string

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  const demo = await insertProduct(store, { name: 'Alfabeto de Exemplo' })
  await store.database.db.update(products).set({ isDemo: true }).where(eq(products.id, demo.id))
  await store.app.services.catalog.invalidate()
})
afterAll(async () => {
  await store.close()
})

const checklist = async () =>
  (
    await call(store, 'GET', '/api/admin/checklist', undefined, { cookie: admin })
  ).json<ChecklistAnswer>()
const save = (key: string, value: string) =>
  call(store, 'POST', '/api/admin/settings', { key, value }, { cookie: admin })
const publicSettings = async () =>
  (await call(store, 'GET', '/api/settings/public')).json<Record<string, string>>()
const textsDone = async () => (await checklist()).items.find((i) => i.key === 'texts')!.done

describe('the store’s texts when the demo leaves', () => {
  it('a new store holds the demo’s words, none reviewed', async () => {
    const answer = await checklist()
    expect(answer.texts.map((t) => [t.key, t.demo, t.reviewed])).toEqual([
      ['about', true, false],
      ['footer', true, false],
      ['banner', true, false],
    ])
    expect(answer.items.find((i) => i.key === 'texts')).toMatchObject({
      label: 'Revise os textos da loja',
      done: false,
    })
  })

  it('refuses the removal to anyone but the admin, and from another site’s page', async () => {
    const body = { replaceTexts: true }
    expect((await call(store, 'POST', '/api/admin/demo/remove', body)).statusCode).toBe(401)
    const forged = await call(store, 'POST', '/api/admin/demo/remove', body, {
      cookie: admin,
      headers: { origin: 'https://outra-loja.example' },
    })
    expect(forged.statusCode).toBe(403)
    expect((await publicSettings()).page_about).toBe(DEFAULT_PAGE_ABOUT)
  })

  it('replaces only the texts still in the demo’s words, in the removal itself', async () => {
    const hers = 'Materiais da Prô Ângela, feitos na sala de aula dela.'
    expect((await save('footer_description', hers)).statusCode).toBe(200)
    const before = await checklist()
    expect(before.texts.find((t) => t.key === 'footer')).toMatchObject({
      demo: false,
      reviewed: true,
    })

    const res = await call(
      store,
      'POST',
      '/api/admin/demo/remove',
      { replaceTexts: true },
      { cookie: admin },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<DemoRemoved>()).toEqual({ products: 1, orders: 0, texts: 2 })
    const shown = await publicSettings()
    expect(shown).toMatchObject({
      page_about: NEUTRAL_TEXTS.page_about,
      banner_title: NEUTRAL_TEXTS.banner_title,
      banner_subtitle: NEUTRAL_TEXTS.banner_subtitle,
      footer_description: hers,
    })
    // The neutral texts are not the demo's, nor hers: still to review.
    const after = await checklist()
    expect(after.texts.map((t) => [t.key, t.demo, t.reviewed])).toEqual([
      ['about', false, false],
      ['footer', false, true],
      ['banner', false, false],
    ])
    expect(after.items.find((i) => i.key === 'demo')!.done).toBe(true)
  })

  it('the neutral texts promise no speed and keep the FAQ the footer links to', () => {
    const all = Object.values(NEUTRAL_TEXTS).join('\n')
    expect(all).not.toMatch(/na hora|imediat|poucos segundos|professoras/i)
    expect(NEUTRAL_TEXTS.page_about).toContain('# Perguntas frequentes')
  })

  it('is done once she has saved each text, as it is or in her words', async () => {
    expect(await textsDone()).toBe(false)
    expect((await save('page_about', NEUTRAL_TEXTS.page_about)).statusCode).toBe(200)
    expect(await textsDone()).toBe(false)
    expect((await save('banner_title', 'Cantinho da Prô Ângela')).statusCode).toBe(200)
    expect(await textsDone()).toBe(true)
    expect((await checklist()).ready).toBe(false)
  })

  it('without the option, the removal leaves every text as it was', async () => {
    const again = await call(
      store,
      'POST',
      '/api/admin/demo/remove',
      { replaceTexts: false },
      { cookie: admin },
    )
    expect(again.json<DemoRemoved>()).toEqual({ products: 0, orders: 0, texts: 0 })
    // As older screens call it: no body at all.
    const bare = await call(store, 'POST', '/api/admin/demo/remove', undefined, { cookie: admin })
    expect(bare.statusCode, bare.body).toBe(200)
    expect(bare.json<DemoRemoved>().texts).toBe(0)
    expect((await publicSettings()).banner_title).toBe('Cantinho da Prô Ângela')
  })
})
