import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminSession, customerSession, newIp } from '../../testing/auth.js'
import { outboxRows } from '../../testing/messaging.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { messageOutbox } from './messaging.tables.js'

/**
 * A reset e-mail stands for any e-mail the store writes. The sign-up's verification code
 * (decision 026) is taken out of the outbox first, so the reset is the only one to send.
 */
async function writeEmail(store: TestStore): Promise<string> {
  const { email } = await customerSession(store.app)
  await store.database.db
    .delete(messageOutbox)
    .where(like(messageOutbox.dedupeKey, 'account:%:email-verify:%'))
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: newIp(),
  })
  expect(res.statusCode).toBe(200)
  // The reset e-mail is written after the answer (its time must not tell who has an account).
  await store.app.services.passwordReset.drain()
  return email
}

const asAdmin = async (store: TestStore) => {
  const { cookie } = await adminSession(store.app)
  return {
    get: (url: string) => store.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload?: object) =>
      store.app.inject({ method: 'POST', url, headers: { cookie }, payload }),
  }
}

describe('e-mails without an SMTP server', () => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore()
  })
  afterAll(() => store.close())

  it('keeps the e-mail and lists it for the admin as not sent', async () => {
    const email = await writeEmail(store)
    await store.app.services.messaging.worker.runOnce()
    const admin = await asAdmin(store)
    const res = await admin.get('/api/admin/emails')
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list.transport).toBe('none')
    expect(list.emails[0]).toMatchObject({
      to: email,
      subject: 'Redefinição de senha',
      status: 'pending',
      state: 'não enviado: SMTP não configurado',
      attempts: 0,
    })
    const resend = await admin.post(`/api/admin/emails/${list.emails[0].id}/resend`)
    expect(resend.statusCode).toBe(400)
    expect(resend.json().message).toMatch(/SMTP não configurado/)
  })
})

describe('SMTP from the E-mail tab, and from the environment', () => {
  let tabSmtp: FakeSmtp
  let envSmtp: FakeSmtp
  let store: TestStore
  let envStore: TestStore
  beforeAll(async () => {
    ;[tabSmtp, envSmtp] = await Promise.all([startSmtpServer(), startSmtpServer()])
    store = await createTestStore()
    envStore = await createTestStore({ env: { SMTP_URL: envSmtp.url } })
  })
  afterAll(async () => {
    await Promise.all([store.close(), envStore.close()])
    await Promise.all([tabSmtp.close(), envSmtp.close()])
  })

  it('sends through the tab, keeps the server address secret, and re-sends on request', async () => {
    const admin = await asAdmin(store)
    const saved = await admin.post('/api/admin/settings', { key: 'smtp_url', value: tabSmtp.url })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().value).not.toContain('127.0.0.1')
    const wrong = await admin.post('/api/admin/settings', { key: 'smtp_url', value: 'http://x' })
    expect(wrong.statusCode).toBe(400)
    await admin.post('/api/admin/settings', { key: 'mail_from', value: 'Loja <oi@loja.com.br>' })
    const listed = JSON.stringify((await admin.get('/api/admin/settings')).json())
    expect(listed).not.toContain(tabSmtp.url)
    const pub = await store.app.inject({ method: 'GET', url: '/api/settings/public' })
    expect(pub.body).not.toMatch(/smtp/i)

    const email = await writeEmail(store)
    await store.app.services.messaging.worker.runOnce()
    expect(tabSmtp.mails.map((m) => m.subject)).toEqual(['Redefinição de senha'])
    expect(tabSmtp.mails[0]!.from?.text).toContain('oi@loja.com.br')

    const list = (await admin.get('/api/admin/emails')).json()
    expect(list.transport).toBe('settings')
    const row = list.emails.find((e: { to: string }) => e.to === email)
    expect(row).toMatchObject({ status: 'sent', state: 'enviado' })

    const resend = await admin.post(`/api/admin/emails/${row.id}/resend`)
    expect(resend.statusCode).toBe(200)
    await store.app.services.messaging.worker.runOnce()
    expect(tabSmtp.mails).toHaveLength(2)
    expect((await admin.post('/api/admin/emails/999999/resend')).statusCode).toBe(404)
  })

  it('lets SMTP_URL in the environment win over the tab', async () => {
    const admin = await asAdmin(envStore)
    await admin.post('/api/admin/settings', { key: 'smtp_url', value: tabSmtp.url })
    const before = tabSmtp.mails.length
    await writeEmail(envStore)
    await envStore.app.services.messaging.worker.runOnce()
    expect(envSmtp.mails).toHaveLength(1)
    expect(tabSmtp.mails).toHaveLength(before)
    expect((await admin.get('/api/admin/emails')).json().transport).toBe('env')
    const [row] = await outboxRows(envStore)
    expect(row).toMatchObject({ channel: 'email', status: 'sent' })
  })
})
