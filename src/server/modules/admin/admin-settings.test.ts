import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminSetting, AdminUser } from '../../../contracts/admin.js'
import { adminSession, customerSession, whoAmI } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

const save = (body: object) => call(store, 'POST', '/api/admin/settings', body, { cookie: admin })
const list = async () =>
  (await call(store, 'GET', '/api/admin/settings', undefined, { cookie: admin })).json<
    AdminSetting[]
  >()

describe('POST /api/admin/settings', () => {
  it.each([
    ['max_downloads', '5', '5'],
    ['download_link_expiry', ' 60 ', '60'],
    ['whatsapp_number', '(11) 98765-4321', '5511987654321'],
    ['admin_whatsapp', '', ''],
    ['evolution_api_url', 'https://evolution.loja.com/', 'https://evolution.loja.com'],
    ['mercadopago_return_url', 'https://loja.com.br/obrigado', 'https://loja.com.br/obrigado'],
    ['footer_email', 'Contato@Loja.com', 'contato@loja.com'],
    ['footer_description', 'Materiais feitos com carinho', 'Materiais feitos com carinho'],
    ['banner_image_url', '/api/products/1/image', '/api/products/1/image'],
  ])('saves %s', async (key, value, stored) => {
    const res = await save({ key, value, description: 'ignorada', category: 'outra' })
    expect(res.statusCode, res.body).toBe(200)
    const definition = (await list()).find((s) => s.key === key)
    expect(res.json()).toEqual(definition)
    expect(definition).toMatchObject({ key, value: stored })
    expect(definition?.description).not.toBe('ignorada')
  })

  it.each([
    ['max_downloads', '0', 'Use um número inteiro maior que zero'],
    ['max_downloads', '2.5', 'Use um número inteiro maior que zero'],
    ['download_link_expiry', 'trinta', 'Use um número inteiro maior que zero'],
    ['footer_whatsapp', '12345', expect.stringContaining('WhatsApp inválido')],
    ['evolution_api_url', 'evolution.local', expect.stringContaining('URL inválida')],
    ['mercadopago_return_url', 'javascript:alert(1)', expect.stringContaining('URL inválida')],
    ['footer_email', 'sem-arroba', 'E-mail inválido'],
    ['banner_image_url', 'javascript:alert(1)', expect.stringContaining('Imagem inválida')],
    ['chave_inventada', 'x', 'Configuração desconhecida: chave_inventada'],
  ])('refuses %s = %s', async (key, value, message) => {
    const res = await save({ key, value })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message })
  })

  it('takes effect at once: the public settings show the new value', async () => {
    await save({ key: 'footer_cnpj', value: '12.345.678/0001-90' })
    const res = await call(store, 'GET', '/api/settings/public')
    expect(res.json()).toMatchObject({ footer_cnpj: '12.345.678/0001-90' })
  })

  it('masks a secret when read, and the mask sent back changes nothing', async () => {
    expect(
      (await save({ key: 'evolution_api_key', value: 'chave-secreta-1234' })).json(),
    ).toMatchObject({ value: '••••1234' })
    const all = await call(store, 'GET', '/api/admin/settings', undefined, { cookie: admin })
    expect(all.body).not.toContain('chave-secreta')
    await save({ key: 'evolution_api_key', value: '••••1234' })
    expect(await store.app.services.settings.get('evolution_api_key')).toBe('chave-secreta-1234')
  })
})

describe('PUT /api/admin/users/:id/role', () => {
  const setRole = (id: string, role: string) =>
    call(store, 'PUT', `/api/admin/users/${id}/role`, { role }, { cookie: admin })

  it('makes a customer an administrator and back, effective on their next request', async () => {
    const customer = await customerSession(store.app)
    const res = await setRole(customer.userId, 'superadmin')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<AdminUser>()).toMatchObject({ id: customer.userId, role: 'superadmin' })
    const asNewAdmin = await call(store, 'GET', '/api/admin/users', undefined, {
      cookie: customer.cookie,
    })
    expect(asNewAdmin.statusCode).toBe(200)
    await setRole(customer.userId, 'user')
    expect((await whoAmI(store.app, customer.cookie)).json()).toMatchObject({
      user: { role: 'user' },
    })
  })

  it('refuses an administrator removing their own role', async () => {
    const me = (await whoAmI(store.app, admin)).json<{ user: { id: string } }>().user.id
    const res = await setRole(me, 'user')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain('seu próprio acesso de administrador')
    expect(
      (await call(store, 'GET', '/api/admin/users', undefined, { cookie: admin })).statusCode,
    ).toBe(200)
  })

  it('answers 404 for an unknown user and 400 for an unknown role', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await setRole(unknown, 'user')).statusCode).toBe(404)
    const customer = await customerSession(store.app)
    const res = await setRole(customer.userId, 'dono')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'Papel inválido: use user ou superadmin' })
  })
})

describe('POST /api/test-upload', () => {
  it('answers what it received, JSON or multipart', async () => {
    const json = await call(store, 'POST', '/api/test-upload', { teste: 'ok' }, { cookie: admin })
    expect(json.json()).toMatchObject({ success: true, fields: { teste: 'ok' }, files: [] })
    const form = new FormData()
    form.append('teste', 'multipart')
    form.append('arquivo', new Blob([new Uint8Array(1234)]), 'exemplo.bin')
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/test-upload',
      headers: { cookie: admin },
      payload: form,
    })
    expect(res.json()).toMatchObject({
      success: true,
      contentType: 'multipart/form-data',
      fields: { teste: 'multipart' },
      files: [{ field: 'arquivo', fileName: 'exemplo.bin', size: 1234 }],
    })
  })
})

describe('the home banner', () => {
  it('shows what the admin saves to every visitor at once', async () => {
    expect((await save({ key: 'banner_title', value: 'Volta às aulas 2027' })).statusCode).toBe(200)
    const res = await call(store, 'GET', '/api/settings/public')
    expect(res.json()).toMatchObject({ banner_title: 'Volta às aulas 2027', banner_subtitle: '' })
  })
})
