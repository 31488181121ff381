import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WhatsappConfig, WhatsappStatus } from '../../../contracts/messaging.js'
import { adminSession } from '../../testing/auth.js'
import { buyAsGuest } from '../../testing/downloads.js'
import { startFakeEvolution, type FakeEvolution } from '../../testing/fake-evolution.js'
import { insertProduct } from '../../testing/fixtures.js'
import { ADMIN_NUMBER, connectWhatsapp } from '../../testing/messaging.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { GATEWAY_FAILED_MESSAGE } from './evolution-api.js'

let store: TestStore
let fake: FakeEvolution
let cookie: string

beforeAll(async () => {
  fake = await startFakeEvolution()
  store = await createTestStore()
  cookie = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await store.close()
  await fake.close()
})

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  store.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
const status = async () => (await admin('GET', '/api/admin/whatsapp-status')).json<WhatsappStatus>()
const testSend = (payload: object = {}) => admin('POST', '/api/test-whatsapp', payload)

describe('the whatsapp tab', () => {
  it('is not configured at first, and says so in every call', async () => {
    expect(await status()).toMatchObject({ instanceStatus: 'not_configured', connected: false })
    const res = await testSend()
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^WhatsApp não configurado/)
  })

  it('saves the four fields and reads the key back masked', async () => {
    const res = await admin('POST', '/api/admin/whatsapp-config', {
      apiUrl: `${fake.url}/`,
      apiKey: fake.apiKey,
      instanceName: fake.instance,
      adminWhatsapp: '+55 (21) 91234-5678',
    })
    expect(res.statusCode).toBe(200)
    const saved = res.json<WhatsappConfig>()
    expect(saved).toMatchObject({ apiUrl: fake.url, instanceName: fake.instance })
    expect(saved.adminWhatsapp).toBe(ADMIN_NUMBER)
    expect(saved.apiKey).toMatch(/^••••/)
    expect(saved.apiKey).not.toContain(fake.apiKey.slice(0, 8))
    expect((await admin('GET', '/api/admin/whatsapp-config')).json()).toEqual(saved)
    // The mask sent back (the form untouched) keeps the real key.
    await admin('POST', '/api/admin/whatsapp-config', { apiKey: saved.apiKey })
    expect(await status()).toMatchObject({ instanceStatus: 'open', connected: true })
  })

  it('refuses an invalid number or URL with a clear message, saving nothing', async () => {
    const number = await admin('POST', '/api/admin/whatsapp-config', {
      apiUrl: 'http://outro.exemplo',
      adminWhatsapp: '98765-4321',
    })
    expect(number.statusCode).toBe(400)
    expect(number.json().message).toBe(
      'WhatsApp do administrador inválido: use código do país + DDD + número, sem espaços ou símbolos (5511987654321)',
    )
    const url = await admin('POST', '/api/admin/whatsapp-config', { apiUrl: 'evolution.local' })
    expect(url.statusCode).toBe(400)
    expect(url.json().message).toMatch(/^URL da API inválida/)
    expect((await admin('GET', '/api/admin/whatsapp-config')).json().apiUrl).toBe(fake.url)
  })

  it('still takes the same settings one by one through the settings tab', async () => {
    const res = await admin('POST', '/api/admin/settings', {
      key: 'admin_whatsapp',
      value: '(21) 91234-5678',
      category: 'whatsapp',
    })
    expect(res.statusCode).toBe(200)
    expect((await admin('GET', '/api/admin/whatsapp-config')).json().adminWhatsapp).toBe(
      ADMIN_NUMBER,
    )
  })

  it("reports the gateway's state: open, closed, a wrong key, down", async () => {
    fake.setState('close')
    expect(await status()).toMatchObject({ instanceStatus: 'close', connected: false })
    fake.setState('open')
    await store.app.services.settings.set('evolution_api_key', 'chave-errada')
    const wrongKey = await status()
    expect(wrongKey).toMatchObject({ instanceStatus: 'error', connected: false })
    // A wrong key reads as any other failure: no answer tells one service from another.
    expect(wrongKey.error).toBe(GATEWAY_FAILED_MESSAGE)
    await connectWhatsapp(store, fake)
    await fake.down('refused')
    expect(await status()).toMatchObject({ instanceStatus: 'error', connected: false })
    await fake.up()
    expect(await status()).toMatchObject({ instanceStatus: 'open', connected: true })
  })

  it('sends a test to the admin now, and counts it', async () => {
    const before = (await status()).messagesSent
    const res = await testSend()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, to: ADMIN_NUMBER })
    expect(fake.to(ADMIN_NUMBER).at(-1)!.text).toMatch(/Mensagem de teste/)
    expect((await status()).messagesSent).toBe(before + 1)
  })

  it("re-sends an order's buyer message", async () => {
    const kit = await insertProduct(store, { name: 'Kit Leitura' })
    const buyer = await buyAsGuest(store, kit.id, { whatsapp: '(11) 98888-7777' })
    const res = await testSend({ orderId: buyer.orderId })
    expect(res.statusCode).toBe(200)
    const message = fake.to('5511988887777').at(-1)!
    expect(message.text).toContain(`#${buyer.orderId.slice(0, 8)}`)
    expect(message.text).toContain('/meus-materiais?email=')
    expect((await testSend({ orderId: 'nao-existe' })).statusCode).toBe(404)
  })

  it('explains each failure: invalid number, number without WhatsApp, gateway refusing', async () => {
    await store.app.services.settings.set('admin_whatsapp', '1234')
    const invalid = await testSend()
    expect([invalid.statusCode, invalid.json().message]).toEqual([
      400,
      'WhatsApp do administrador inválido: use código do país + DDD + número, sem espaços ou símbolos (5511987654321)',
    ])
    await store.app.services.settings.set('admin_whatsapp', ADMIN_NUMBER)
    fake.markNotOnWhatsapp(ADMIN_NUMBER)
    const missing = await testSend()
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toMatch(/não tem WhatsApp/)
    await store.app.services.settings.set('evolution_instance_name', 'outra')
    const unknown = await testSend()
    expect(unknown.statusCode).toBe(503)
    expect(unknown.json().message).toBe(
      `Falha no envio para ${ADMIN_NUMBER}: ${GATEWAY_FAILED_MESSAGE}`,
    )
  })
})
