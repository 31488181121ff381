import type { FastifyRequest } from 'fastify'

/**
 * After a refusal mid-upload the client is usually still sending. Its remaining bytes are read
 * and dropped so it gets to read the answer (closing at once would often lose it), but no longer
 * than `graceMs`, so an endless body cannot hold the connection.
 */
export function discardRestOfBody(req: FastifyRequest, graceMs = 30_000) {
  const raw = req.raw
  if (raw.readableEnded || raw.destroyed) return
  raw.unpipe()
  raw.resume()
  const timer = setTimeout(() => raw.socket?.destroy(), graceMs)
  timer.unref()
  raw.once('end', () => clearTimeout(timer))
  raw.once('close', () => clearTimeout(timer))
}
