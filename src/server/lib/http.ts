import type { FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gzip, gzipSync } from 'node:zlib'
import { z } from 'zod'
import { inSlices } from './slices.js'

const gzipAsync = promisify(gzip)

/** An answer serialised and compressed once, served many times (catalogue, home page). */
export interface PreparedBody {
  type: string
  body: Buffer
  gzip: Buffer
  etag: string
}

export function prepareBody(content: string, type: string): PreparedBody {
  const body = Buffer.from(content)
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  return { type, body, gzip: gzipSync(body), etag }
}

/**
 * The same as `prepareBody` for a large body already in pieces, without holding the event loop:
 * hashed piece by piece between turns, gzipped on libuv's thread pool.
 */
export async function prepareBodyAsync(pieces: Buffer[], type: string): Promise<PreparedBody> {
  const hash = createHash('sha1')
  await inSlices(pieces, (piece) => void hash.update(piece))
  const body = Buffer.concat(pieces)
  return { type, body, gzip: await gzipAsync(body), etag: `"${hash.digest('base64url')}"` }
}

/**
 * `value` serialised through `schema`, as Fastify would serialise it for a route declaring that
 * schema (unlisted keys dropped, a wrong type thrown): the prepared bytes answer what is declared.
 */
export function prepareJson<S extends z.ZodType>(schema: S, value: z.output<S>): PreparedBody {
  return prepareBody(JSON.stringify(z.encode(schema, value)), 'application/json; charset=utf-8')
}

/** True when the client's cached copy (If-None-Match) is still the current one. */
export function isFresh(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match']
  if (!header) return false
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/**
 * What a public read answered before the per-request hooks needs from them
 * (http/prepared-lane.ts): the headers every answer carries (security, draining) and the
 * Content-Security-Policy of a type, which those hooks would have set.
 */
export interface PreparedLane {
  policyOf(type: string): string | null | Promise<string | null>
}

const LANE = Symbol('prepared lane')
type LaneReply = FastifyReply & { [LANE]?: PreparedLane }

/** Marks `reply` as answered in the prepared lane: `sendPrepared` then writes it itself. */
export function enterLane(reply: FastifyReply, lane: PreparedLane) {
  ;(reply as LaneReply)[LANE] = lane
}

/**
 * Route options of a public read whose handler answers with `sendPrepared` and reads nothing
 * but the address (no cookie, no session, no body, no schema-parsed input): its GETs are
 * answered in the prepared lane, before the hooks that do nothing for it (http/prepared-lane.ts).
 */
export const PREPARED_READ = { preparedRead: true } as const

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set through PREPARED_READ. */
    preparedRead?: boolean
  }
}

/** Answers a prepared body: 304 when unchanged, gzip when the client takes it. */
export function sendPrepared(
  req: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedBody,
): FastifyReply | Promise<FastifyReply> {
  const lane = (reply as LaneReply)[LANE]
  if (lane) return writePrepared(req, reply, prepared, lane)
  reply
    .header('etag', prepared.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding')
  if (isFresh(req, prepared.etag)) return reply.code(304).send()
  reply.type(prepared.type)
  if (acceptsGzip(req)) {
    return reply.header('content-encoding', 'gzip').send(prepared.gzip)
  }
  return reply.send(prepared.body)
}

/** What follows `?` in a request's address, as sent ('' when none). */
export function queryStringOf(url: string): string {
  const at = url.indexOf('?')
  return at === -1 ? '' : url.slice(at + 1)
}

const acceptsGzip = (req: FastifyRequest) => /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')

/**
 * The same answer written straight to the socket, as the onSend hooks and Fastify's send would
 * have made it (the headers set so far, the type's policy), at a fraction of their cost.
 */
function writePrepared(
  req: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedBody,
  lane: PreparedLane,
): FastifyReply | Promise<FastifyReply> {
  const headers = reply.getHeaders() as Record<string, string | number | string[]>
  headers['etag'] = prepared.etag
  headers['cache-control'] = 'no-cache'
  headers['vary'] = 'Accept-Encoding'
  if (isFresh(req, prepared.etag)) return write(reply, 304, headers)
  const gzip = acceptsGzip(req)
  const body = gzip ? prepared.gzip : prepared.body
  headers['content-type'] = prepared.type
  if (gzip) headers['content-encoding'] = 'gzip'
  headers['content-length'] = body.length
  const policy = lane.policyOf(prepared.type)
  if (policy === null || typeof policy === 'string') {
    return write(reply, reply.statusCode, withPolicy(headers, policy), body)
  }
  return policy.then((p) => write(reply, reply.statusCode, withPolicy(headers, p), body))
}

function withPolicy(headers: Record<string, string | number | string[]>, policy: string | null) {
  if (policy) headers['content-security-policy'] = policy
  return headers
}

function write(
  reply: FastifyReply,
  status: number,
  headers: Record<string, string | number | string[]>,
  body?: Buffer,
) {
  reply.hijack()
  reply.raw.writeHead(status, headers)
  reply.raw.end(body)
  return reply
}
