/**
 * The three ad platforms' event endpoints, local, checking the documented shapes:
 * - Meta Conversions API, `POST /v{version}/{pixel}/events?access_token=` with `data: [event]`
 *   (https://developers.facebook.com/documentation/ads-commerce/conversions-api/using-the-api),
 *   answering `{events_received}` or `{error: {message}}`;
 * - GA4 Measurement Protocol, `POST /mp/collect?measurement_id=&api_secret=` with `client_id` and
 *   `events` (https://developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events),
 *   answering 204;
 * - TikTok Events API, `POST /open_api/v1.3/event/track/` with the `Access-Token` header,
 *   `event_source: 'web'`, `event_source_id` and `data` (https://ads.tiktok.com/help/article/events-api),
 *   answering `{code: 0, message: 'OK'}`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readJsonBody } from './fake-http.js'

export const FAKE_ADS = {
  metaPixelId: '123456789012345',
  metaToken: 'EAAGmetaFakeToken0123456789abcdef',
  ga4MeasurementId: 'G-TESTE12345',
  ga4Secret: 'ga4-fake-secret-0123',
  tiktokPixelId: 'CTESTPIXEL0123456789',
  tiktokToken: 'tiktokFakeAccessToken0123456789',
}

export interface FakeAdRequest {
  platform: 'meta' | 'ga4' | 'tiktok'
  body: Record<string, unknown>
}

export async function startFakeAds() {
  const received: FakeAdRequest[] = []
  const refused: string[] = []
  /** The next requests to each platform fail with this status (a platform's outage). */
  const failNext = { meta: 0, ga4: 0, tiktok: 0 }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const body = await readJsonBody(req)
    const answer = (status: number, json?: unknown) => {
      res.writeHead(status, json ? { 'content-type': 'application/json' } : {})
      res.end(json ? JSON.stringify(json) : undefined)
    }
    const refuse = (why: string) => {
      refused.push(why)
      answer(400, { error: { message: why }, code: 40001, message: why })
    }
    if (req.method !== 'POST') return refuse(`method ${req.method}`)

    const meta = url.pathname.match(/^\/v(\d+\.\d+)\/(\d+)\/events$/)
    if (meta) {
      if (meta[2] !== FAKE_ADS.metaPixelId) return refuse('meta: unknown pixel')
      if (url.searchParams.get('access_token') !== FAKE_ADS.metaToken) {
        return answer(401, { error: { message: 'Invalid OAuth access token.' } })
      }
      const data = body.data as Record<string, unknown>[] | undefined
      const e = data?.[0]
      if (!Array.isArray(data) || !e || typeof e.event_name !== 'string')
        return refuse('meta: data')
      if (typeof e.event_time !== 'number' || e.action_source !== 'website') {
        return refuse('meta: event_time/action_source')
      }
      if (failNext.meta > 0)
        return (
          failNext.meta--,
          answer(503, { error: { message: 'Service temporarily unavailable' } })
        )
      received.push({ platform: 'meta', body })
      return answer(200, { events_received: data.length, messages: [], fbtrace_id: 'fake' })
    }
    if (url.pathname === '/mp/collect') {
      if (url.searchParams.get('measurement_id') !== FAKE_ADS.ga4MeasurementId)
        return refuse('ga4: id')
      if (url.searchParams.get('api_secret') !== FAKE_ADS.ga4Secret) return refuse('ga4: secret')
      if (typeof body.client_id !== 'string' || !Array.isArray(body.events))
        return refuse('ga4: body')
      if (failNext.ga4 > 0) return (failNext.ga4--, answer(500))
      received.push({ platform: 'ga4', body })
      return answer(204)
    }
    if (url.pathname === '/open_api/v1.3/event/track/') {
      if (req.headers['access-token'] !== FAKE_ADS.tiktokToken) {
        return answer(200, {
          code: 40105,
          message: 'Access token is incorrect or has been revoked.',
        })
      }
      if (body.event_source !== 'web' || body.event_source_id !== FAKE_ADS.tiktokPixelId) {
        return refuse('tiktok: event_source')
      }
      if (!Array.isArray(body.data)) return refuse('tiktok: data')
      if (failNext.tiktok > 0)
        return (failNext.tiktok--, answer(500, { code: 50000, message: 'System error' }))
      received.push({ platform: 'tiktok', body })
      return answer(200, { code: 0, message: 'OK', request_id: 'fake', data: {} })
    }
    return refuse(`path ${url.pathname}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    received,
    refused,
    failNext,
    /** What one platform received about one order. */
    about(platform: FakeAdRequest['platform'], orderId: string) {
      return received.filter(
        (r) => r.platform === platform && JSON.stringify(r.body).includes(`"${orderId}"`),
      )
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeAds = Awaited<ReturnType<typeof startFakeAds>>
