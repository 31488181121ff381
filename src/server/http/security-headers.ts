import type { FastifyReply, FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { App } from '../app-types.js'

/** A JSON answer is never a document: it may load nothing and sit in no frame. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'"

const ONE_YEAR = 31_536_000
// Signed download links carry their token in the path: nothing they open may tell it onwards.
const SECRET_PATHS = /^\/api\/downloads\//

/**
 * Headers every answer carries (docs/decisions/012-security-headers.md): nosniff, a referrer
 * policy, HSTS over https, and a Content-Security-Policy on pages (the built client's shell,
 * whose inline scripts, if a build ever makes one, are allowed by hash) and on JSON.
 */
export function registerSecurityHeaders(app: App, policyOf = contentPolicies(app)) {
  // In onRequest, not onSend: a download is written by hand (hijacked) from the headers set
  // so far, and never passes through onSend.
  app.addHook('onRequest', async (req, reply) => void setBaseHeaders(req, reply))
  app.addHook('onSend', async (_req, reply, payload) => {
    const policy = await policyOf(String(reply.getHeader('content-type') ?? ''))
    if (policy) reply.header('content-security-policy', policy)
    return payload
  })
}

/**
 * The Content-Security-Policy of an answer of `type`: pages and JSON have one, other files none.
 * Synchronous but for pages, whose policy names the ad pixels the shop filled in.
 */
export function contentPolicies(app: App) {
  const hashes = inlineScriptHashes(app.deps.config.clientDir)
  return (type: string): string | null | Promise<string> => {
    // The ad pixels the shop filled in may load (after the buyer's 'Aceitar'); none by default.
    if (type.startsWith('text/html')) {
      return app.services.ads.pixelSources().then((pixels) => pageCsp(hashes, pixels))
    }
    return type.startsWith('application/json') ? API_POLICY : null
  }
}

/** nosniff, the referrer policy and HSTS; frameworkErrors calls it too, its answers skip hooks. */
export function setBaseHeaders(req: FastifyRequest, reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff')
  reply.header(
    'referrer-policy',
    SECRET_PATHS.test(req.url) ? 'no-referrer' : 'strict-origin-when-cross-origin',
  )
  // Only over https (req.protocol reads X-Forwarded-Proto from a trusted proxy): browsers
  // ignore it over http, and a store tried on http://localhost must not pin that host.
  if (req.protocol === 'https') reply.header('strict-transport-security', `max-age=${ONE_YEAR}`)
}

/** The policy of every HTML page; each directive is explained in decision record 012. */
export function pageCsp(
  scriptHashes: readonly string[] = [],
  pixels: { script: readonly string[]; connect: readonly string[] } = { script: [], connect: [] },
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`), ...pixels.script].join(' '),
    // Radix's dialogs lock the page's scroll with a <style> element they write at run time.
    "style-src 'self' 'unsafe-inline'",
    // data: the PIX QR code; blob: the admin's preview of a chosen image; https: the home
    // banner, which the owner may host elsewhere (banner_image_url).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...pixels.connect].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** `sha256-…` of each inline <script> of the built index.html (none today), computed at start. */
export function inlineScriptHashes(clientDir: string): string[] {
  const indexFile = path.join(clientDir, 'index.html')
  if (!existsSync(indexFile)) return []
  const html = readFileSync(indexFile, 'utf8')
  const hashes: string[] = []
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? '')) continue
    hashes.push(
      `sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}`,
    )
  }
  return hashes
}
