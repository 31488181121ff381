import { createServer, type AddressInfo, type Server } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AdminEmails } from '../../../contracts/messaging.js'
import { loadConfig } from '../../config.js'
import { checkedLookup, RefusedAddressError } from '../../lib/outbound-address.js'
import { OutboundError, outboundRequest } from '../../lib/outbound-http.js'
import { adminSession } from '../../testing/auth.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { providerApi } from '../../providers/provider-api.js'
import { SMTP_REFUSED_MESSAGE, SMTP_UNREACHABLE_MESSAGE } from './mail-transport.js'

/**
 * The Evolution API's rule (decision 007) for every address the store connects to that a
 * setting or the environment names: SMTP, the providers' and ad platforms' APIs, the S3
 * endpoints. Link-local never; loopback and private networks only with
 * ALLOW_PRIVATE_INTEGRATIONS=1; checked when saved (or at start) and at each connection.
 */
let closed: TestStore
let open: TestStore
let smtp: FakeSmtp
/** Something on this machine that is not an SMTP server: it greets with a banner. */
let banner: Server
let bannerConnections = 0
let closedCookie: string
let openCookie: string

beforeAll(async () => {
  smtp = await startSmtpServer()
  banner = createServer((socket) => {
    bannerConnections++
    socket.end('SSH-2.0-OpenSSH_9.6 segredo-interno\r\n')
  })
  await new Promise<void>((resolve) => banner.listen(0, '127.0.0.1', resolve))
  closed = await createTestStore({ env: { ALLOW_PRIVATE_INTEGRATIONS: '0' } })
  open = await createTestStore()
  closedCookie = (await adminSession(closed.app)).cookie
  openCookie = (await adminSession(open.app)).cookie
})
afterAll(async () => {
  await closed.close()
  await open.close()
  await smtp.close()
  await new Promise((resolve) => banner.close(resolve))
})

const bannerUrl = () => `smtp://127.0.0.1:${(banner.address() as AddressInfo).port}`
const saveSmtp = (store: TestStore, cookie: string, value: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/admin/settings',
    headers: { cookie },
    payload: { key: 'smtp_url', value },
  })

describe('the SMTP server typed in the E-mail tab', () => {
  it('is never a link-local or metadata address, even with ALLOW_PRIVATE_INTEGRATIONS', async () => {
    for (const [store, cookie] of [
      [closed, closedCookie],
      [open, openCookie],
    ] as const) {
      for (const url of [
        'smtp://169.254.169.254:80',
        'smtps://[fe80::1]:465',
        'smtp://0.0.0.0:25',
      ]) {
        const res = await saveSmtp(store, cookie, url)
        expect([url, res.statusCode]).toEqual([url, 400])
        expect(res.json().message).toMatch(
          /^Servidor SMTP não permitido: endereços link-local e de metadados/,
        )
      }
      expect(await store.app.services.settings.get('smtp_url')).toBe('')
    }
  })

  it('is on this machine or a private network only with ALLOW_PRIVATE_INTEGRATIONS=1', async () => {
    for (const url of [
      'smtp://127.0.0.1:4998',
      'smtp://localhost:25',
      'smtps://usuario:senha@10.0.0.5:465',
      'smtp://[::1]:587',
    ]) {
      const res = await saveSmtp(closed, closedCookie, url)
      expect([url, res.statusCode]).toEqual([url, 400])
      expect(res.json().message).toMatch(/rede privada.*ALLOW_PRIVATE_INTEGRATIONS=1$/)
    }
    expect(await closed.app.services.settings.get('smtp_url')).toBe('')
    expect((await saveSmtp(open, openCookie, smtp.url)).statusCode).toBe(200)
  })

  it('is checked again at each connection: one stored before the rule is never connected to', async () => {
    await closed.app.services.settings.set('smtp_url', bannerUrl())
    const { mail } = closed.app.services.messaging
    const content = { subject: 'Teste', paragraphs: ['Olá'] }
    await expect(mail.sendNow('dona@exemplo.com', content)).rejects.toThrow(SMTP_REFUSED_MESSAGE)
    const composed = await mail.compose(content)
    await closed.database.db.transaction((tx) =>
      mail.enqueue(tx, { dedupeKey: 'teste:smtp-interno', to: 'dona@exemplo.com', ...composed }),
    )
    await closed.app.services.messaging.worker.runOnce()
    expect(bannerConnections).toBe(0)
    const tab = await closed.app.inject({
      method: 'GET',
      url: '/api/admin/emails',
      headers: { cookie: closedCookie },
    })
    const listed = tab.json<AdminEmails>().emails.find((e) => e.subject === 'Teste')
    expect(listed?.state).toContain(SMTP_REFUSED_MESSAGE)
    expect(tab.body).not.toMatch(/SSH|segredo/)
  })
})

describe('an SMTP address allowed on this machine that is not an SMTP server', () => {
  it('is told like any unreachable server: its banner never reaches the E-mails tab', async () => {
    await open.app.services.settings.set('smtp_url', bannerUrl())
    const { mail } = open.app.services.messaging
    const composed = await mail.compose({ subject: 'Sondagem', paragraphs: ['Olá'] })
    await open.database.db.transaction((tx) =>
      mail.enqueue(tx, { dedupeKey: 'teste:banner', to: 'dona@exemplo.com', ...composed }),
    )
    const before = bannerConnections
    await open.app.services.messaging.worker.runOnce()
    expect(bannerConnections).toBeGreaterThan(before)
    const tab = await open.app.inject({
      method: 'GET',
      url: '/api/admin/emails',
      headers: { cookie: openCookie },
    })
    const listed = tab.json<AdminEmails>().emails.find((e) => e.subject === 'Sondagem')
    expect(listed?.state).toContain(SMTP_UNREACHABLE_MESSAGE)
    expect(tab.body).not.toMatch(/SSH|segredo/)
    await open.app.services.settings.set('smtp_url', smtp.url)
  })
})

describe('the addresses the environment names', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loja-config-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))
  const config = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env })

  it('refuses at start one written as a link-local, or without the flag a private, IP', () => {
    expect(
      config({ SMTP_URL: 'smtp://169.254.169.254:80', ALLOW_PRIVATE_INTEGRATIONS: '1' }),
    ).toThrow(/SMTP_URL: endereços link-local/)
    expect(config({ META_GRAPH_URL: 'http://169.254.170.2' })).toThrow(/META_GRAPH_URL: endereços/)
    for (const name of ['S3_ENDPOINT', 'WOOVI_API_URL', 'FOCUSNFE_API_URL', 'BACKUP_S3_ENDPOINT']) {
      expect(config({ [name]: 'http://127.0.0.1:9000' })).toThrow(
        new RegExp(`${name}: aponta para esta máquina.*ALLOW_PRIVATE_INTEGRATIONS=1`),
      )
    }
    expect(
      config({ S3_ENDPOINT: 'http://127.0.0.1:9000', ALLOW_PRIVATE_INTEGRATIONS: '1' }),
    ).not.toThrow()
  })

  it('checks a provider’s or ad platform’s name at each call, and connects where it checked', async () => {
    const before = bannerConnections
    const port = (banner.address() as AddressInfo).port
    // A name that leads to this machine, for a store that did not allow it.
    const refused = outboundRequest(`http://localhost:${port}/`, {
      method: 'GET',
      timeoutMs: 2_000,
      allowPrivate: false,
    })
    await expect(refused).rejects.toBeInstanceOf(OutboundError)
    await expect(refused).rejects.toMatchObject({ refused: 'private', connected: false })
    const woovi = providerApi({
      provider: 'Woovi',
      apiUrl: 'http://169.254.169.254',
      headers: {},
      allowPrivate: true,
    })
    await expect(woovi(z.unknown(), 'GET', '/latest/meta-data/')).rejects.toThrow(
      'Woovi unreachable: endereço não permitido',
    )
    expect(bannerConnections).toBe(before)

    // One look-up: the addresses checked are the addresses handed to the connection.
    const answers = [['93.184.216.34'], ['127.0.0.1']]
    let asked = 0
    const lookup = checkedLookup(false, async () => answers[asked++]!)
    const got = await new Promise<unknown>((resolve, reject) =>
      lookup('api.exemplo.com', { all: true }, (err, addresses) =>
        err ? reject(err) : resolve(addresses),
      ),
    )
    expect(got).toEqual([{ address: '93.184.216.34', family: 4 }])
    expect(asked).toBe(1)
    const second = new Promise((resolve, reject) =>
      lookup('api.exemplo.com', {}, (err, address) => (err ? reject(err) : resolve(address))),
    )
    await expect(second).rejects.toBeInstanceOf(RefusedAddressError)
  })
})
