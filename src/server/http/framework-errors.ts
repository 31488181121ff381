import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorAnswer } from '../../contracts/errors.js'
import { setBaseHeaders } from './security-headers.js'

/**
 * Errors Fastify raises before any route (and so before the error handler) runs. Its own
 * answers are in English and repeat the address, which a link sent to someone may carry.
 */
const ROUTING_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Endereço inválido',
  FST_ERR_MAX_PARAM_LENGTH: 'Endereço longo demais',
  FST_ERR_ASYNC_CONSTRAINT: 'Requisição inválida',
}

/** Fastify's `frameworkErrors`: a bad or oversized address answers `{ message }` in Portuguese. */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400
  const answer: ErrorAnswer = { message: ROUTING_MESSAGES[error.code] ?? 'Requisição inválida' }
  // These answers skip every hook, the security headers' included.
  setBaseHeaders(req, reply)
  return reply.code(status).send(answer)
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (a Content-Length that is
 * not a number, headers too large, a broken request line) never become requests, so the answer
 * is written on the socket, as Fastify's default does, with our message.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection is already gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'A requisição demorou demais']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Cabeçalhos da requisição grandes demais']
        : [400, 'Requisição inválida']
  const body = JSON.stringify({ message } satisfies ErrorAnswer)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    )
  }
  socket.destroy(error)
}
