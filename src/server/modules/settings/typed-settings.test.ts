import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { AdminSetting } from '../../../contracts/admin.js'
import {
  DEFAULT_SETTINGS,
  PUBLIC_SETTING_KEYS,
  SETTING_KEYS,
  SETTING_SCHEMA,
  isSecretSetting,
  parseSetting,
  settingEntry,
  settingText,
} from '../../../contracts/settings.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { settings as settingsTable } from './settings.tables.js'

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

const save = (key: string, value: string) =>
  call(store, 'POST', '/api/admin/settings', { key, value }, { cookie: admin })
const settings = () => store.app.services.settings

describe('the settings schema', () => {
  it('has a default each key’s own schema accepts as it is', () => {
    for (const key of SETTING_KEYS) {
      const { default: fallback } = settingEntry(key)
      const parsed = parseSetting(key, settingText(key, fallback as never))
      expect(parsed, key).toEqual({ ok: true, value: fallback })
    }
  })

  it('never makes a key both public and secret, and every secret is one of the known ones', () => {
    for (const key of PUBLIC_SETTING_KEYS) expect(isSecretSetting(key), key).toBe(false)
    expect(SETTING_KEYS.filter(isSecretSetting).sort()).toEqual([
      'asaas_api_key',
      'asaas_webhook_token',
      'evolution_api_key',
      'focusnfe_token',
      'ga4_api_secret',
      'meta_capi_token',
      'smtp_url',
      'tiktok_access_token',
      'woovi_app_id',
    ])
  })
})

describe('typed reads', () => {
  it('answers every default, typed, on a new store', async () => {
    expect(await settings().all()).toEqual(DEFAULT_SETTINGS)
    expect(await settings().get('pix_expiry_minutes')).toBe(60)
    expect(await settings().get('payment_demo')).toBe(true)
    expect(await settings().get('recovery_enabled')).toBe(false)
    expect(await settings().get('max_downloads')).toBe(3)
    expect(await settings().get('pix_provider')).toBe('auto')
    expectTypeOf(await settings().get('pix_expiry_minutes')).toEqualTypeOf<number>()
    expectTypeOf(await settings().get('recovery_enabled')).toEqualTypeOf<boolean>()
    expectTypeOf(await settings().get('pix_provider')).toEqualTypeOf<'auto' | 'woovi' | 'asaas'>()
    expectTypeOf(await settings().get('footer_email')).toEqualTypeOf<string>()
  })

  it('reads what the admin saved as numbers and booleans, stored as text', async () => {
    expect((await save('pix_expiry_minutes', ' 90 ')).json()).toMatchObject({ value: '90' })
    expect((await save('recovery_enabled', 'true')).json()).toMatchObject({ value: 'true' })
    expect((await save('max_downloads', '7')).json()).toMatchObject({ value: '7' })
    expect(await settings().get('pix_expiry_minutes')).toBe(90)
    expect(await settings().get('recovery_enabled')).toBe(true)
    expect(await settings().get('max_downloads')).toBe(7)
    const [row] = await store.database.db
      .select()
      .from(settingsTable)
      .where(eq(settingsTable.key, 'recovery_enabled'))
    expect(row?.value).toBe('true')
    await save('pix_expiry_minutes', '60')
    await save('recovery_enabled', 'false')
    await save('max_downloads', '3')
  })

  it('reads text it cannot take as the default, and a number out of range as its nearest bound', async () => {
    const put = (key: string, value: string) =>
      store.database.db.update(settingsTable).set({ value }).where(eq(settingsTable.key, key))
    await put('max_downloads', 'muitos')
    await put('pix_expiry_minutes', '5000')
    await put('payment_demo', 'sim')
    await settings().set('footer_cnpj', '') // drops the 5-second cache
    expect(await settings().get('max_downloads')).toBe(3)
    expect(await settings().get('pix_expiry_minutes')).toBe(
      SETTING_SCHEMA.pix_expiry_minutes.type.max,
    )
    expect(await settings().get('payment_demo')).toBe(true)
    await put('max_downloads', '3')
    await put('pix_expiry_minutes', '60')
    await put('payment_demo', 'true')
    await settings().set('footer_cnpj', '')
  })
})

describe('writes checked by the schema', () => {
  const { min, max } = SETTING_SCHEMA.pix_expiry_minutes.type

  it.each([
    ['payment_demo', 'talvez', 'Use true (ligado) ou false (desligado)'],
    ['pix_expiry_minutes', String(min! - 1), 'Use de 30 a 1440 minutos (24 horas)'],
    ['pix_expiry_minutes', String(max! + 1), 'Use de 30 a 1440 minutos (24 horas)'],
    ['pix_expiry_minutes', '60.5', 'Use de 30 a 1440 minutos (24 horas)'],
    ['max_downloads', '-1', 'Use um número inteiro maior que zero'],
    [
      'pix_provider',
      'paypal',
      'Provedor inválido: use auto (Mercado Pago ou chave PIX), woovi ou asaas',
    ],
    [
      'evolution_api_url',
      'ftp://arquivos.loja.com',
      'URL inválida: use um endereço http:// ou https://',
    ],
    [
      'banner_image_url',
      'data:image/png;base64,AAAA',
      'Imagem inválida: use um endereço https:// ou um caminho que comece com /',
    ],
    ['admin_email', 'dono@', 'E-mail inválido'],
    [
      'mail_from',
      'Loja <sem-arroba>',
      'Remetente inválido: use loja@exemplo.com.br ou Loja <loja@exemplo.com.br>',
    ],
    [
      'smtp_url',
      'mail.loja.com',
      'Servidor SMTP inválido: use smtp://usuario:senha@servidor:587 ou smtps://...',
    ],
    [
      'admin_whatsapp',
      '123',
      'WhatsApp inválido: use código do país + DDD + número, sem espaços (5511987654321)',
    ],
    [
      'asaas_api_key',
      'minha-chave',
      'Chave inválida: copie a chave de API inteira da Asaas, começando por $aact_',
    ],
    [
      'asaas_webhook_token',
      'curto-demais',
      'Token inválido: use de 16 a 255 caracteres, sem espaços nem acentos',
    ],
    ['footer_cnpj', '1'.repeat(31), 'Texto longo demais: use até 30 caracteres'],
  ])('refuses %s = %s with a 400 in Portuguese', async (key, value, message) => {
    const before = (await settings().all())[key as keyof typeof DEFAULT_SETTINGS]
    const res = await save(key, value)
    expect([res.statusCode, res.json()]).toEqual([400, { message }])
    // The admin form checks with the same function, so it says the same.
    expect(parseSetting(key as never, value)).toEqual({ ok: false, message })
    expect((await settings().all())[key as keyof typeof DEFAULT_SETTINGS]).toEqual(before)
  })

  it('takes both bounds of a range, read from the schema and nowhere else', async () => {
    for (const bound of [min!, max!]) {
      expect((await save('pix_expiry_minutes', String(bound))).statusCode).toBe(200)
      expect(await settings().get('pix_expiry_minutes')).toBe(bound)
    }
    await save('pix_expiry_minutes', '60')
  })

  it('keeps the rules between settings: the first reminder before the second', async () => {
    const res = await save('recovery_first_minutes', '1200')
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'O primeiro lembrete precisa vir antes do segundo' },
    ])
  })
})

describe('secrets', () => {
  const values = {
    woovi_app_id: 'Q2xpZW50X0lkXzEyMzQ6c2VncmVkby1kYS13b292aQ==',
    asaas_api_key: '$aact_hmlg_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OmFhY2g',
    asaas_webhook_token: 'token-do-webhook-segredo-42',
    evolution_api_key: 'evolution-chave-segredo-99',
    smtp_url: 'smtps://loja:senha-do-smtp@smtp.exemplo.com:465',
  } as const

  it('never leave the server in any answer, and a masked value sent back keeps the real one', async () => {
    const answers: string[] = []
    for (const [key, value] of Object.entries(values)) {
      const res = await save(key, value)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<AdminSetting>().value).toMatch(/^••••/)
      answers.push(res.body)
      answers.push((await save(key, res.json<AdminSetting>().value)).body)
    }
    for (const url of ['/api/admin/settings', '/api/admin/whatsapp-config']) {
      answers.push((await call(store, 'GET', url, undefined, { cookie: admin })).body)
    }
    const pub = await call(store, 'GET', '/api/settings/public')
    expect(Object.keys(pub.json()).sort()).toEqual([...PUBLIC_SETTING_KEYS].sort())
    answers.push(pub.body)
    for (const [key, value] of Object.entries(values)) {
      for (const body of answers) expect(body, key).not.toContain(value.slice(-12))
      expect(await settings().get(key as keyof typeof values)).toBe(value)
    }
  })
})
