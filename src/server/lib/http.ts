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

/** Answers a prepared body: 304 when unchanged, gzip when the client takes it. */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, prepared: PreparedBody) {
  reply
    .header('etag', prepared.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding')
  if (isFresh(req, prepared.etag)) return reply.code(304).send()
  reply.type(prepared.type)
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(prepared.gzip)
  }
  return reply.send(prepared.body)
}

/** What follows `?` in a request's address, as sent ('' when none). */
export function queryStringOf(url: string): string {
  const at = url.indexOf('?')
  return at === -1 ? '' : url.slice(at + 1)
}
