import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WhatsappStatus } from '../../../contracts/messaging.js'
import { addressKind, checkOutboundUrl } from '../../lib/outbound-address.js'
import { adminSession } from '../../testing/auth.js'
import { startFakeEvolution, type FakeEvolution } from '../../testing/fake-evolution.js'
import { connectWhatsapp } from '../../testing/messaging.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { GATEWAY_FAILED_MESSAGE, REFUSED_ADDRESS_MESSAGE } from './evolution-api.js'

/**
 * The Evolution API URL is where the store sends its own requests. It must
 * not reach the cloud's metadata or link-local addresses, nor loopback and private networks
 * unless ALLOW_PRIVATE_INTEGRATIONS=1, and its errors must not tell which ports are open.
 */
let closed: TestStore
let open: TestStore
let fake: FakeEvolution
let silent: Server
let closedCookie: string
let openCookie: string

beforeAll(async () => {
  fake = await startFakeEvolution()
  // Accepts connections and never answers: a filtered or slow port.
  silent = createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  closed = await createTestStore({ env: { ALLOW_PRIVATE_INTEGRATIONS: '0' } })
  open = await createTestStore()
  closedCookie = (await adminSession(closed.app)).cookie
  openCookie = (await adminSession(open.app)).cookie
})
afterAll(async () => {
  await closed.close()
  await open.close()
  await fake.close()
  await new Promise((resolve) => silent.close(resolve))
})

const saveUrl = (store: TestStore, cookie: string, apiUrl: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/admin/whatsapp-config',
    headers: { cookie },
    payload: { apiUrl, apiKey: fake.apiKey, instanceName: fake.instance },
  })
const status = async (store: TestStore, cookie: string) =>
  (
    await store.app.inject({
      method: 'GET',
      url: '/api/admin/whatsapp-status',
      headers: { cookie },
    })
  ).json<WhatsappStatus>()

const METADATA = [
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.170.2',
  'http://[fe80::1]:8080',
  'http://[::ffff:169.254.169.254]',
  'http://[fd00:ec2::254]',
  'http://0.0.0.0:22',
]
const PRIVATE = [
  'http://127.0.0.1:8080',
  'http://localhost:8080',
  'http://127.1:22',
  'http://[::1]:8080',
  'http://[::ffff:127.0.0.1]:8080',
  'http://10.0.0.5',
  'http://192.168.1.10:8080',
  'http://172.20.0.3',
]

describe('the Evolution API URL', () => {
  it('refuses link-local and metadata addresses, even with ALLOW_PRIVATE_INTEGRATIONS', async () => {
    for (const [store, cookie] of [
      [closed, closedCookie],
      [open, openCookie],
    ] as const) {
      for (const url of METADATA) {
        const res = await saveUrl(store, cookie, url)
        expect([url, res.statusCode]).toEqual([url, 400])
        expect(res.json().message).toMatch(/^URL da API não permitida: endereços link-local/)
      }
    }
    // The settings tab saves the same setting: the same rule.
    const tab = await closed.app.inject({
      method: 'POST',
      url: '/api/admin/settings',
      headers: { cookie: closedCookie },
      payload: { key: 'evolution_api_url', value: 'http://169.254.169.254', category: 'whatsapp' },
    })
    expect(tab.statusCode).toBe(400)
    expect(await closed.app.services.settings.get('evolution_api_url')).toBe('')
  })

  it('refuses loopback and private networks unless ALLOW_PRIVATE_INTEGRATIONS=1', async () => {
    for (const url of PRIVATE) {
      const res = await saveUrl(closed, closedCookie, url)
      expect([url, res.statusCode]).toEqual([url, 400])
      expect(res.json().message).toMatch(/ALLOW_PRIVATE_INTEGRATIONS=1$/)
    }
    expect(await closed.app.services.settings.get('evolution_api_url')).toBe('')
    // A self-hosted Evolution on the same machine, allowed by the operator.
    const res = await saveUrl(open, openCookie, fake.url)
    expect(res.statusCode).toBe(200)
    expect(await status(open, openCookie)).toMatchObject({
      instanceStatus: 'open',
      connected: true,
    })
  })

  it('checks the address again at every call: a stored URL that now leads inside is not called', async () => {
    // Stored before the rule, or a name re-pointed after it was saved (DNS rebinding).
    await connectWhatsapp(closed, fake)
    const before = fake.messages.length
    const answer = await status(closed, closedCookie)
    expect(answer).toMatchObject({ instanceStatus: 'error', error: REFUSED_ADDRESS_MESSAGE })
    const sent = await closed.app.inject({
      method: 'POST',
      url: '/api/test-whatsapp',
      headers: { cookie: closedCookie },
      payload: {},
    })
    expect(sent.statusCode).toBe(503)
    expect(fake.messages.length).toBe(before)
  })

  it('checks every address a name resolves to', async () => {
    const resolve = async () => ['93.184.216.34', '169.254.169.254']
    await expect(checkOutboundUrl('https://evolution.exemplo.com', true, resolve)).rejects.toThrow(
      /never/,
    )
    const mixed = async () => ['93.184.216.34', '10.0.0.8']
    await expect(checkOutboundUrl('https://evolution.exemplo.com', false, mixed)).rejects.toThrow(
      /private/,
    )
    const publicOnly = async () => ['93.184.216.34', '2606:2800:220:1::1']
    await expect(
      checkOutboundUrl('https://evolution.exemplo.com', false, publicOnly),
    ).resolves.toBeUndefined()
    expect(['8.8.8.8', '::ffff:8.8.8.8', '2001:4860:4860::8888'].map(addressKind)).toEqual([
      'public',
      'public',
      'public',
    ])
  })

  it('answers one message for every connection failure, naming no port or error code', async () => {
    const { port } = silent.address() as AddressInfo
    const errors: (string | undefined)[] = []
    // A port that refuses, one that never answers (the status read gives up after 4 s).
    for (const url of ['http://127.0.0.1:9', `http://127.0.0.1:${port}`]) {
      await open.app.services.settings.set('evolution_api_url', url)
      errors.push((await status(open, openCookie)).error)
    }
    expect(errors).toEqual([GATEWAY_FAILED_MESSAGE, GATEWAY_FAILED_MESSAGE])
    expect(GATEWAY_FAILED_MESSAGE).not.toMatch(/\d|ECONN|ETIMEDOUT|tempo/)
  }, 15_000)

  it('tells no service from another: a refused port, a 404 and a 500 read alike, without their words', async () => {
    // Web servers that are not Evolution, on the store's own machine (allowed here).
    const other = createServer((req, res) => {
      if (req.url?.startsWith('/instance')) {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            error: 'FATAL: password=s3nha-do-banco',
            response: { message: ['db down'] },
          }),
        )
      } else {
        res.writeHead(404, { 'content-type': 'text/html' })
        res.end('<pre>Cannot GET /instance</pre>')
      }
    })
    const notFound = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          status: 404,
          error: 'Not Found',
          response: { message: ['Cannot GET /instance'] },
        }),
      )
    })
    for (const server of [other, notFound]) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    }
    try {
      const urls = [
        'http://127.0.0.1:9',
        `http://127.0.0.1:${(notFound.address() as AddressInfo).port}`,
        `http://127.0.0.1:${(other.address() as AddressInfo).port}`,
      ]
      const answers: WhatsappStatus[] = []
      for (const url of urls) {
        await open.app.services.settings.set('evolution_api_url', url)
        answers.push(await status(open, openCookie))
      }
      for (const answer of answers) {
        expect(answer).toMatchObject({ instanceStatus: 'error', error: GATEWAY_FAILED_MESSAGE })
        expect(JSON.stringify(answer)).not.toMatch(/senha|password|Cannot GET|404|500|db down/)
      }
      // The test send says the same.
      await open.app.services.settings.set('admin_whatsapp', '5511987654321')
      const sent = await open.app.inject({
        method: 'POST',
        url: '/api/test-whatsapp',
        headers: { cookie: openCookie },
        payload: {},
      })
      expect([sent.statusCode, sent.json().message]).toEqual([
        503,
        `Falha no envio para 5511987654321: ${GATEWAY_FAILED_MESSAGE}`,
      ])
    } finally {
      for (const server of [other, notFound]) await new Promise((resolve) => server.close(resolve))
    }
  })
})
