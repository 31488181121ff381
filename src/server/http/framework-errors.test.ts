import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestStore, type TestStore } from '../testing/test-app.js'

let store: TestStore
let port: number
beforeAll(async () => {
  store = await createTestStore()
  await store.app.listen({ port: 0, host: '127.0.0.1' })
  port = (store.app.server.address() as net.AddressInfo).port
})
afterAll(() => store.close())

/** Sends `request` as raw bytes (what app.inject cannot forge) and answers what came back. */
function rawRequest(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

const get = (url: string) => store.app.inject({ method: 'GET', url })

describe("Fastify's own errors", () => {
  it.each([
    ['an API address', '/api/products/%E0%A4%A'],
    ['a page address', '/produto/%zz<script>'],
  ])('a badly encoded %s answers 400 in Portuguese, without the address', async (_l, url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'Endereço inválido' })
  })

  it('an oversized parameter answers 414 in Portuguese, without the address', async () => {
    for (const url of [`/api/products/${'9'.repeat(300)}`, `/produto/${'x'.repeat(300)}`]) {
      const res = await get(url)
      expect(res.statusCode).toBe(414)
      expect(res.json()).toEqual({ message: 'Endereço longo demais' })
    }
  })

  it('a Content-Length that does not match the body answers in Portuguese', async () => {
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json', 'content-length': '5' },
      payload: '{"a":1}',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: 'Content-Length inválido' })
  })

  it('a Content-Length that is not a number answers 400 in Portuguese on the socket', async () => {
    const answer = await rawRequest(
      'POST /api/auth/register?segredo=1 HTTP/1.1\r\nHost: loja\r\nContent-Length: abc\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4)
    expect(JSON.parse(body)).toEqual({ message: 'Requisição inválida' })
    expect(answer).not.toContain('segredo')
  })

  it('an unknown API route answers 404 in Portuguese, without the address', async () => {
    const res = await get('/api/nao-existe-segredo')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Rota não encontrada' })
  })
})
