import http from 'node:http'
import https from 'node:https'
import { checkedLookup, literalRefusal, RefusedAddressError } from './outbound-address.js'

/** The most of an answer read: the APIs the store calls answer a few KB. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024

/**
 * A request that did not get an answer. `refused`: the address is one the store may not reach
 * (nothing was sent). `connected`: whether a connection was made, so whether the request may
 * have arrived (the outbox's at-most-once rule needs to know).
 */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly connected: boolean,
    readonly refused: RefusedAddressError['kind'] | null = null,
  ) {
    super(message)
    this.name = 'OutboundError'
  }
}

export interface OutboundAnswer {
  status: number
  text: string
}

/**
 * One HTTP(S) request from the store to an address a setting or the environment names (a
 * provider's API, an ad platform, the Evolution API). The outbound-address rule holds at this
 * connection: the name is resolved once, every address checked, and the connection goes to the
 * checked address only (its own `lookup`), so a name answering differently a moment later
 * cannot lead it elsewhere. A fresh connection each time; redirects are never followed.
 */
export async function outboundRequest(
  url: string,
  init: {
    method: string
    headers?: Record<string, string>
    body?: string
    timeoutMs: number
    allowPrivate: boolean
  },
): Promise<OutboundAnswer> {
  // A host written as an IP is not looked up: judged here. A name is judged by the lookup.
  const literal = literalRefusal(url, init.allowPrivate)
  if (literal) throw new OutboundError('endereço não permitido', false, literal)
  const target = new URL(url)
  const client = target.protocol === 'https:' ? https : http
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let connected = false
    const fail = (error: Error) => {
      if (error instanceof RefusedAddressError) {
        const message =
          error.kind === 'unresolved' ? 'nome não encontrado' : 'endereço não permitido'
        return reject(new OutboundError(message, false, error.kind))
      }
      reject(
        new OutboundError(error.name === 'AbortError' ? 'sem resposta' : error.message, connected),
      )
    }
    const req = client.request(target, {
      method: init.method,
      headers: {
        ...init.headers,
        // Stated, not left to Node: a DELETE's body (Focus NFe's justificativa) goes without it.
        ...(init.body === undefined
          ? {}
          : { 'content-length': String(Buffer.byteLength(init.body)) }),
        connection: 'close',
      },
      agent: false,
      lookup: checkedLookup(init.allowPrivate),
      signal: AbortSignal.timeout(init.timeoutMs),
    })
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true
      })
    })
    req.on('error', fail)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_ANSWER_BYTES) return void res.destroy(new Error('resposta grande demais'))
        chunks.push(chunk)
      })
      res.on('error', fail)
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      )
    })
    req.end(init.body)
  })
}
