import type { AddressObject, ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminContactRequest } from '../../../contracts/contact.js'
import { adminApi } from '../../testing/admin.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

const DAY = 24 * 60 * 60 * 1000
let smtp: FakeSmtp
let store: TestStore
let admin: string
let at = Date.now()

const { adminCall } = adminApi(
  () => store,
  () => admin,
)

beforeAll(async () => {
  smtp = await startSmtpServer()
  store = await createTestStore({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@teste.com.br>' },
    now: () => new Date(at),
  })
  admin = (await adminSession(store.app)).cookie
  await adminCall('POST', '/api/admin/settings', { key: 'admin_email', value: 'dona@loja.com.br' })
})
afterAll(async () => {
  await store.close()
  await smtp.close()
})

/** The one address a parsed e-mail went to. */
const to = (mail: ParsedMail) => (mail.to as AddressObject | undefined)?.text

const contact = (body: unknown, ip = '203.0.113.7') =>
  store.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: body as object,
    remoteAddress: ip,
  })

describe("'Fale conosco'", () => {
  it('answers a protocol at once and e-mails the owner and the buyer (real SMTP)', async () => {
    const res = await contact({
      name: 'Marina Souza',
      email: 'Marina@Escola.com.br',
      orderId: 'abc123',
      message: 'Não recebi o e-mail com o link do material.',
    })
    expect(res.statusCode).toBe(201)
    const { protocol } = res.json<{ protocol: string }>()
    expect(protocol).toMatch(/^\d{8}-[A-Z2-9]{6}$/)

    await store.app.services.messaging.worker.runOnce()
    const owner = smtp.mails.find(
      (m) => m.subject?.includes(protocol) && m.text?.includes('Marina'),
    )
    const toOwner = smtp.mails.find((m) =>
      (m.to as { text: string }).text.includes('dona@loja.com.br'),
    )
    const toBuyer = smtp.mails.find((m) =>
      (m.to as { text: string }).text.includes('marina@escola.com.br'),
    )
    expect(owner).toBeDefined()
    expect(toOwner?.text).toContain('Não recebi o e-mail')
    expect(toOwner?.text).toContain('abc123')
    expect(toBuyer?.subject).toContain(protocol)

    const list = await adminCall('GET', '/api/admin/contact-requests')
    expect(list.json<AdminContactRequest[]>()[0]).toMatchObject({
      protocol,
      name: 'Marina Souza',
      email: 'marina@escola.com.br',
      orderId: 'abc123',
      ageDays: 0,
      overdue: false,
    })
  })

  it('sends the address typed a receipt with the protocol, never what the sender wrote', async () => {
    const res = await contact(
      {
        name: 'Banco Seguro',
        email: 'vitima@exemplo.com',
        orderId: 'CONFIRA-JA',
        message: 'Sua conta foi bloqueada. Regularize em https://banco-seguro.example/login hoje.',
      },
      '203.0.113.20',
    )
    expect(res.statusCode).toBe(201)
    const { protocol, copySent } = res.json<{ protocol: string; copySent: boolean }>()
    expect(copySent).toBe(true)
    await store.app.services.messaging.worker.runOnce()
    const receipt = smtp.mails.find(
      (m) => to(m) === 'vitima@exemplo.com' && m.subject?.includes(protocol),
    )!
    expect(receipt.text).toContain(protocol)
    for (const typed of ['banco-seguro.example', 'bloqueada', 'Banco Seguro', 'CONFIRA-JA']) {
      expect(receipt.text).not.toContain(typed)
      expect(String(receipt.html)).not.toContain(typed)
    }
    // The owner reads the whole request.
    const toOwner = smtp.mails.find(
      (m) => to(m) === 'dona@loja.com.br' && m.subject?.includes(protocol),
    )!
    expect(toOwner.text).toContain('https://banco-seguro.example/login')
  })

  it('sends one address 3 receipts a day at most, from any machines; the owner gets each', async () => {
    const address = 'caixa.cheia@exemplo.com'
    const answers = await Promise.all(
      [21, 22, 23, 24, 25, 26].map((n) =>
        contact({ name: 'Ana', email: address, message: 'Uma dúvida.' }, `203.0.113.${n}`),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201])
    const sent = answers.map((a) => a.json<{ copySent: boolean }>().copySent)
    expect(sent.filter(Boolean)).toHaveLength(3)
    await store.app.services.messaging.worker.runOnce()
    const protocols = answers.map((a) => a.json<{ protocol: string }>().protocol)
    expect(smtp.mails.filter((m) => to(m) === address)).toHaveLength(3)
    const owner = smtp.mails.filter(
      (m) => to(m) === 'dona@loja.com.br' && protocols.some((p) => m.subject?.includes(p)),
    )
    expect(owner).toHaveLength(6)
    expect(owner.filter((m) => /não enviamos outra/.test(m.text ?? ''))).toHaveLength(3)
  })

  it('makes the name one line: a line break in it forges no line of the owner’s e-mail', async () => {
    const res = await contact(
      {
        name: 'Ana\r\nBcc: intruso@mal.example\u2028Assunto: pago',
        email: 'ana.linhas@exemplo.com',
        message: 'Olá, tudo bem?',
      },
      '203.0.113.30',
    )
    expect(res.statusCode, res.body).toBe(201)
    const { protocol } = res.json<{ protocol: string }>()
    await store.app.services.messaging.worker.runOnce()
    const toOwner = smtp.mails.find(
      (m) => to(m) === 'dona@loja.com.br' && m.subject?.includes(protocol),
    )!
    expect(toOwner.subject).toBe(
      `Fale conosco ${protocol}: Ana Bcc: intruso@mal.example Assunto: pago`,
    )
    expect(toOwner.bcc).toBeUndefined()
    const lines = toOwner.text!.split(/\r\n|[\n\r\u2028\u2029]/)
    expect(lines.filter((l) => /^(Bcc|Assunto):/.test(l.trim()))).toEqual([])
    expect(lines).toContain(
      'De: Ana Bcc: intruso@mal.example Assunto: pago <ana.linhas@exemplo.com>',
    )
    const list = await adminCall('GET', '/api/admin/contact-requests')
    expect(list.json<AdminContactRequest[]>().find((r) => r.protocol === protocol)?.name).toBe(
      'Ana Bcc: intruso@mal.example Assunto: pago',
    )
  })

  it('flags a request older than 5 days', async () => {
    at += 6 * DAY
    const list = await adminCall('GET', '/api/admin/contact-requests')
    expect(list.json<AdminContactRequest[]>()[0]).toMatchObject({ ageDays: 6, overdue: true })
  })

  it('refuses bad input in Portuguese, naming the field, and limits each machine', async () => {
    const bad = await contact(
      { name: 'Ana', email: 'não-é-email', message: 'Olá, tudo bem?' },
      '203.0.113.8',
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ message: 'E-mail inválido' })
    expect(bad.headers['x-error-field']).toBe('email')
    const empty = await contact({ name: 'Ana', email: 'ana@x.com' }, '203.0.113.8')
    expect(empty.json()).toEqual({ message: 'Escreva a sua mensagem' })

    const ok = { name: 'Ana', email: 'ana@x.com', message: 'Uma dúvida sobre o kit.' }
    const answers = []
    for (let i = 0; i < 6; i++) answers.push((await contact(ok, '203.0.113.9')).statusCode)
    expect(answers.slice(0, 5)).toEqual([201, 201, 201, 201, 201])
    expect(answers[5]).toBe(429)
  })

  it('lists the requests to the owner only', async () => {
    expect((await call(store, 'GET', '/api/admin/contact-requests')).statusCode).toBe(401)
  })
})
