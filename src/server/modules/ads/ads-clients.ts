/**
 * The three platforms' HTTP calls. Each answers nothing on success and throws `AdSendError`
 * with a message the admin can act on; a token never appears in a message or a log.
 */
import { OutboundError, outboundRequest, type OutboundAnswer } from '../../lib/outbound-http.js'
import type { AdPlatform } from './ads.tables.js'

/** Meta's Graph API version the Conversions API is called with (each lasts at least 2 years). */
export const META_GRAPH_VERSION = '21.0'
const TIMEOUT_MS = 10_000

export class AdSendError extends Error {
  constructor(
    message: string,
    /** The platform refused this event for good (a 4xx): trying again would change nothing. */
    readonly final = false,
  ) {
    super(message)
  }
}

export interface AdUrls {
  metaGraphUrl: string
  ga4Url: string
  tiktokUrl: string
}

export interface AdCredentials {
  metaPixelId: string
  metaToken: string
  ga4MeasurementId: string
  ga4Secret: string
  tiktokPixelId: string
  tiktokToken: string
}

/** Whether a platform can be sent to: its id and its server token are both filled in. */
export function configured(platform: AdPlatform, c: AdCredentials): boolean {
  if (platform === 'meta') return !!(c.metaPixelId && c.metaToken)
  if (platform === 'ga4') return !!(c.ga4MeasurementId && c.ga4Secret)
  return !!(c.tiktokPixelId && c.tiktokToken)
}

async function post(
  url: string,
  body: unknown,
  allowPrivate: boolean,
  headers: Record<string, string> = {},
) {
  let res: OutboundAnswer
  try {
    // The outbound-address rule at this connection (lib/outbound-http.ts).
    res = await outboundRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      allowPrivate,
    })
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err
    // The address carries a token (Meta, GA4): it is never told, nor what the error said of it.
    const why = err.refused
      ? 'endereço não permitido'
      : err.connected
        ? 'sem resposta'
        : 'inacessível'
    throw new AdSendError(`Sem resposta da plataforma (${why})`)
  }
  const { text } = res
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return { status: res.status, json }
}

const said = (json: unknown, ...path: string[]) => {
  let v: unknown = json
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : null
  return typeof v === 'string' || typeof v === 'number' ? String(v) : ''
}

function httpFailure(status: number, message: string): never {
  const text = `HTTP ${status}${message ? `: ${message.slice(0, 300)}` : ''}`
  // 429 and 5xx pass; another 4xx says the event (or the token) is wrong.
  throw new AdSendError(text, status >= 400 && status < 500 && status !== 429)
}

/**
 * Sends one event. Meta (https://developers.facebook.com/documentation/ads-commerce/conversions-api/using-the-api):
 * `POST {graph}/v{version}/{pixel}/events?access_token=`, answers `events_received` or
 * `{error: {message}}`. GA4 (https://developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events):
 * `POST {ga}/mp/collect?measurement_id=&api_secret=`, a 2xx with no body. TikTok
 * (https://ads.tiktok.com/help/article/events-api): `POST {api}/open_api/v1.3/event/track/` with
 * the `Access-Token` header, a 200 whose `code` is 0 when accepted.
 */
export async function sendAdEvent(
  platform: AdPlatform,
  payload: unknown,
  c: AdCredentials,
  urls: AdUrls,
  /** ALLOW_PRIVATE_INTEGRATIONS (lib/outbound-address.ts). */
  allowPrivate: boolean,
): Promise<void> {
  if (!configured(platform, c)) {
    throw new AdSendError('Plataforma desligada: preencha o ID e o token em Configurações', true)
  }
  if (platform === 'meta') {
    const url = new URL(
      `${urls.metaGraphUrl}/v${META_GRAPH_VERSION}/${encodeURIComponent(c.metaPixelId)}/events`,
    )
    url.searchParams.set('access_token', c.metaToken)
    const { status, json } = await post(url.href, payload, allowPrivate)
    if (status < 200 || status >= 300) httpFailure(status, said(json, 'error', 'message'))
    return
  }
  if (platform === 'ga4') {
    const url = new URL(`${urls.ga4Url}/mp/collect`)
    url.searchParams.set('measurement_id', c.ga4MeasurementId)
    url.searchParams.set('api_secret', c.ga4Secret)
    const { status } = await post(url.href, payload, allowPrivate)
    if (status < 200 || status >= 300) httpFailure(status, '')
    return
  }
  const tiktok = `${urls.tiktokUrl}/open_api/v1.3/event/track/`
  const { status, json } = await post(tiktok, payload, allowPrivate, {
    'Access-Token': c.tiktokToken,
  })
  if (status < 200 || status >= 300) httpFailure(status, said(json, 'message'))
  const code = said(json, 'code')
  if (code !== '0') {
    throw new AdSendError(`TikTok recusou (código ${code || '?'}): ${said(json, 'message')}`, true)
  }
}
