import http from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { checkedLookup } from '../lib/outbound-address.js'

type Connected = (error: Error | null, stream: Duplex) => void

/** As large as one read of a socket in Node (its `suggested_size`), so no read is split. */
const READ_BUFFER_BYTES = 64 * 1024

/**
 * `onread` for a client socket: every read lands in the same buffer of the socket's own, and is
 * handed on as a 'data' event, where Node's HTTP client parses it at once.
 *
 * Why: by default each socket read allocates a new 64 KB buffer, and the HTTP parser then copies
 * the body out of it into another (node_http_parser's `on_body` uses `Buffer::Copy`), so a
 * download out of the bucket made two buffers of garbage per chunk and V8, which collects such
 * outside memory only every few tens of MB, let the server's RSS grow by 60–80 MB over four
 * 500 MB downloads. Reading into one buffer halves that garbage; the disk path (copy-file.ts)
 * reuses its buffers for the same reason.
 *
 * Safe because nothing keeps a view of the read buffer past the 'data' event: the parser copies
 * headers into strings and body bytes into new buffers during `execute`, synchronously; only an
 * HTTP upgrade (never asked of S3) would keep the bytes after the headers. s3-storage.test.ts
 * reads an object with a slow consumer and checks its SHA-256, which would catch a Node that
 * stopped copying.
 */
function withReadBuffer<T extends object>(options: T, socket: () => Socket): T {
  return {
    ...options,
    onread: {
      buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES),
      callback: (bytes: number, buffer: Buffer) => {
        socket().emit('data', buffer.subarray(0, bytes))
      },
    },
  }
}

/** The SDK's own defaults (keep-alive, 50 sockets). */
const AGENT_OPTIONS = { keepAlive: true, maxSockets: 50 }

/** `agent`, each of whose sockets reads into a buffer of its own (tls.connect takes `onread` too). */
function readingIntoOwnBuffers<A extends http.Agent>(agent: A): A {
  const connect = agent.createConnection.bind(agent) as (
    options: object,
    callback?: Connected,
  ) => Duplex
  agent.createConnection = ((options: object, callback?: Connected) => {
    // Not called back before it is returned: reads are asynchronous.
    const socket = connect(
      withReadBuffer(options, () => socket as Socket),
      callback,
    )
    return socket
  }) as A['createConnection']
  return agent
}

/**
 * The S3 client's agents (`requestHandler`), for http:// and https:// endpoints. Their sockets
 * connect only where the outbound-address rule allows, to the address it checked
 * (`checkedLookup`): the endpoint is the operator's, but a name can be re-pointed later.
 */
export function readBufferAgents(allowPrivate: boolean) {
  const options = { ...AGENT_OPTIONS, lookup: checkedLookup(allowPrivate) }
  return {
    httpAgent: readingIntoOwnBuffers(new http.Agent(options)),
    httpsAgent: readingIntoOwnBuffers(new https.Agent(options)),
  }
}
