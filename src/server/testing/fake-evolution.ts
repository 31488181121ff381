/**
 * A local Evolution API v2 for tests: a real HTTP server speaking PROVIDERS.md's wire format
 * (apikey header, sendText, connectionState, `{ status, error, response: { message } }` errors).
 * It can go down (connection refused, or 503), come back on the same port, answer slowly and
 * report its instance as open or closed. The store only knows its URL, key and instance name.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readJsonBody } from './fake-http.js'

export interface ReceivedMessage {
  number: string
  text: string
  id: string
  at: number
}

type Outage = 'up' | 'refused' | 'http503'
type State = 'open' | 'connecting' | 'close'

const failure = (status: number, error: string, message: unknown) => ({
  status,
  body: { status, error, response: { message } },
})

export async function startFakeEvolution(opts: { apiKey?: string; instance?: string } = {}) {
  const apiKey = opts.apiKey ?? `fake-key-${randomBytes(6).toString('hex')}`
  const instance = opts.instance ?? 'loja'
  const messages: ReceivedMessage[] = []
  /** Every sendText that arrived, answered or not (a slow answer may never be read). */
  const attempts: { number: string; text: string }[] = []
  const notOnWhatsapp = new Set<string>()
  let outage: Outage = 'up'
  let state: State = 'open'
  let delayMs = 0
  const waiting = new Set<() => void>()

  function route(req: IncomingMessage, path: string, body: Record<string, unknown>) {
    if (req.headers.apikey !== apiKey) return failure(401, 'Unauthorized', 'Unauthorized')
    const send = /^\/message\/sendText\/([^/]+)$/.exec(path)
    const status = /^\/instance\/connectionState\/([^/]+)$/.exec(path)
    const named = decodeURIComponent((send ?? status)?.[1] ?? '')
    if (!send && !status) return failure(404, 'Not Found', ['Cannot find route'])
    if (named !== instance) {
      return failure(404, 'Not Found', [`The "${named}" instance does not exist`])
    }
    if (status && req.method === 'GET') {
      return { status: 200, body: { instance: { instanceName: instance, state } } }
    }
    if (!send || req.method !== 'POST') return failure(404, 'Not Found', ['Cannot find route'])
    const number = String(body.number ?? '')
    const text = body.text
    if (typeof text !== 'string' || !text) {
      return failure(400, 'Bad Request', ['text is required'])
    }
    attempts.push({ number, text })
    if (!/^\d{10,15}$/.test(number) || notOnWhatsapp.has(number)) {
      return failure(400, 'Bad Request', [
        { jid: `${number}@s.whatsapp.net`, exists: false, number },
      ])
    }
    if (state !== 'open') return failure(500, 'Internal Server Error', 'Connection Closed')
    const id = `BAE5${randomBytes(6).toString('hex').toUpperCase()}`
    messages.push({ number, text, id, at: Date.now() })
    return {
      status: 201,
      body: {
        key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id },
        pushName: '',
        status: 'PENDING',
        message: { conversation: text },
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
        instanceId: 'fake-instance-id',
        source: 'unknown',
      },
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readJsonBody(req)
    if (delayMs > 0) {
      // A slow gateway: the message is taken in only when the answer finally goes out.
      await new Promise<void>((resolve) => {
        const done = () => (waiting.delete(done), clearTimeout(timer), resolve())
        const timer = setTimeout(done, delayMs)
        waiting.add(done)
      })
    }
    const answer =
      outage === 'http503'
        ? failure(503, 'Service Unavailable', 'Service Unavailable')
        : route(req, new URL(req.url ?? '/', 'http://fake').pathname, body)
    if (res.destroyed) return
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(answer.body))
  }

  const server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      server.close(() => resolve())
      server.closeAllConnections()
    })

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    instance,
    messages,
    attempts,
    /** Messages to `number` that WhatsApp took in. */
    to: (number: string) => messages.filter((m) => m.number === number),
    setState(next: State) {
      state = next
    },
    /** Slow answers from now on; 0 also answers at once every request still waiting. */
    setDelay(ms: number) {
      delayMs = ms
      if (ms === 0) for (const done of [...waiting]) done()
    },
    markNotOnWhatsapp(number: string) {
      notOnWhatsapp.add(number)
    },
    /** 'refused': the port stops listening; 'http503': it answers 503 to everything. */
    async down(mode: Exclude<Outage, 'up'> = 'refused') {
      outage = mode
      if (mode === 'refused') await stopListening()
    },
    async up() {
      outage = 'up'
      if (!server.listening) {
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
      }
    },
    async close() {
      this.setDelay(0)
      await stopListening()
    },
  }
}

export type FakeEvolution = Awaited<ReturnType<typeof startFakeEvolution>>
