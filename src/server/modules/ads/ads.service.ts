import type { FastifyBaseLogger } from 'fastify'
import { and, desc, eq, sql } from 'drizzle-orm'
import { PIXEL_SOURCES, type AdsStatus } from '../../../contracts/ads.js'
import { exponentialBackoff, rowClaims, type Clock } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { startIntervalJob, type IntervalJob } from '../../lib/interval-job.js'
import type { OrderEffects } from '../orders/orders.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import {
  AdSendError,
  configured,
  sendAdEvent,
  type AdCredentials,
  type AdUrls,
} from './ads-clients.js'
import { ga4Event, metaPurchase, tiktokPurchase } from './ads-payloads.js'
import { AD_EVENT_MAX_ATTEMPTS, AD_PLATFORMS, adEvents, type AdPlatform } from './ads.tables.js'

export const ADS_EVERY_MS = 15_000
const LEASE_SECONDS = 60
const BATCH = 10
/** The order's payment provider that charges nothing: its orders are never reported. */
const DEMO_PROVIDER = 'demo'
const ABANDONED =
  'Envio interrompido (o servidor parou no meio): não é repetido, para a venda não contar duas vezes'

/**
 * The ad platforms' conversion events, from the server: a paid order writes one
 * Purchase per configured platform in the transaction that pays it (an order effect, so the
 * event exists exactly when the payment does, and the unique (order, platform, kind) makes a
 * doubled webhook or the owner's click after it write nothing more); a refund writes GA4's
 * `refund`. Workers on every instance claim due rows (db/claims.ts, decision 025) and send them;
 * a failed send is retried with back-off, and a claim whose worker died is never taken again
 * but marked failed (the event may have gone out): at most once, as the e-mail outbox.
 */
export function createAdsService(deps: {
  db: Db
  settings: SettingsService
  urls: AdUrls
  /** ALLOW_PRIVATE_INTEGRATIONS (lib/outbound-address.ts). */
  allowPrivate: boolean
  log: FastifyBaseLogger
  clock?: Clock
}) {
  const { db } = deps
  const claims = rowClaims({
    table: adEvents,
    leaseSeconds: LEASE_SECONDS,
    backoffSeconds: exponentialBackoff(30, 3_600),
    eligible: eq(adEvents.status, 'pending'),
    expired: 'settle',
    clock: deps.clock,
  })

  async function credentials(): Promise<AdCredentials> {
    const s = deps.settings
    const [metaPixelId, metaToken, ga4MeasurementId, ga4Secret, tiktokPixelId, tiktokToken] =
      await Promise.all([
        s.get('meta_pixel_id'),
        s.get('meta_capi_token'),
        s.get('ga4_measurement_id'),
        s.get('ga4_api_secret'),
        s.get('tiktok_pixel_id'),
        s.get('tiktok_access_token'),
      ])
    return { metaPixelId, metaToken, ga4MeasurementId, ga4Secret, tiktokPixelId, tiktokToken }
  }

  const orderEffects: OrderEffects = {
    // Settings are read before the transaction (PGlite runs one query at a time).
    async preparePaid() {
      const creds = await credentials()
      const platforms = AD_PLATFORMS.filter((p) => configured(p, creds))
      return async (tx, order, lines) => {
        if (platforms.length === 0 || order.paymentProvider === DEMO_PROVIDER) return
        const paid = { order, lines }
        const payloadOf = (p: AdPlatform) =>
          p === 'meta'
            ? metaPurchase(paid)
            : p === 'ga4'
              ? ga4Event('purchase', paid)
              : tiktokPurchase(creds.tiktokPixelId, paid)
        await tx
          .insert(adEvents)
          .values(
            platforms.map((platform) => ({
              orderId: order.id,
              platform,
              kind: 'purchase' as const,
              payload: payloadOf(platform),
            })),
          )
          .onConflictDoNothing()
      }
    },

    /**
     * A refund of an order whose GA4 purchase was written: GA4's `refund` of the same
     * transaction, made from that purchase (same value and items, without the buyer's data).
     */
    async closed(tx, orderId, status) {
      if (status !== 'refunded') return
      await tx.execute(sql`
        INSERT INTO ad_events (order_id, platform, kind, payload)
        SELECT order_id, 'ga4', 'refund',
          jsonb_set(payload - 'user_data', '{events,0,name}', '"refund"')
        FROM ad_events WHERE order_id = ${orderId} AND platform = 'ga4' AND kind = 'purchase'
        ON CONFLICT DO NOTHING`)
    },
  }

  /** Marks failed, for good, the rows whose worker died holding them. */
  async function settleAbandoned() {
    await db
      .update(adEvents)
      .set({ status: 'failed', lastError: ABANDONED, lockedUntil: null, claimId: null })
      .where(and(eq(adEvents.status, 'pending'), claims.abandoned()))
  }

  async function deliver(row: typeof adEvents.$inferSelect, creds: AdCredentials) {
    try {
      await sendAdEvent(row.platform, row.payload, creds, deps.urls, deps.allowPrivate)
      await db
        .update(adEvents)
        .set({
          status: 'sent',
          sentAt: sql`${claims.now()}`,
          lastError: null,
          ...claims.released(),
        })
        .where(claims.held(row))
    } catch (err) {
      const message = err instanceof AdSendError ? err.message : 'Erro inesperado ao enviar'
      if (!(err instanceof AdSendError)) deps.log.error({ err, adEvent: row.id }, 'ad event failed')
      const giveUp =
        (err instanceof AdSendError && err.final) || row.attempts >= AD_EVENT_MAX_ATTEMPTS
      await db
        .update(adEvents)
        .set(
          giveUp
            ? { status: 'failed', lastError: message, ...claims.released() }
            : { lastError: message, ...claims.retryLater(row) },
        )
        .where(claims.held(row))
    }
  }

  /** One run: settles abandoned claims, then claims and sends what is due, batch by batch. */
  async function runOnce(): Promise<void> {
    await settleAbandoned()
    const creds = await credentials()
    for (;;) {
      const rows = await claims.claimDue(db, BATCH)
      if (rows.length === 0) return
      await Promise.all(rows.map((row) => deliver(row, creds)))
      if (rows.length < BATCH) return
    }
  }

  let job: IntervalJob | null = null
  return {
    orderEffects,
    runOnce,
    start() {
      job ??= startIntervalJob({
        name: 'ad events',
        everyMs: ADS_EVERY_MS,
        run: runOnce,
        log: deps.log,
      })
    },
    async stop() {
      await job?.stop()
      job = null
    },
    /** The hosts the page may load pixels from: only those of the platforms filled in. */
    async pixelSources() {
      const s = deps.settings
      const [meta, ga4, tiktok] = await Promise.all([
        s.get('meta_pixel_id'),
        s.get('ga4_measurement_id'),
        s.get('tiktok_pixel_id'),
      ])
      const on = [
        meta && PIXEL_SOURCES.meta,
        ga4 && PIXEL_SOURCES.ga4,
        tiktok && PIXEL_SOURCES.tiktok,
      ]
      const chosen = on.filter((x) => !!x)
      return {
        script: chosen.flatMap((x) => x.script),
        connect: chosen.flatMap((x) => x.connect),
      }
    },

    /**
     * An order was paid or refunded: send now rather than at the next tick. Without a platform
     * filled in nothing was written, and a run would only read an empty queue (two statements
     * per payment); the tick still settles what an earlier configuration left.
     */
    wake() {
      if (!job) return
      const running = job
      credentials()
        .then((creds) => {
          if (AD_PLATFORMS.some((p) => configured(p, creds))) void running.runFresh()
        })
        .catch((err: unknown) => deps.log.warn({ err }, 'ad settings unreadable'))
    },

    /** Per platform: whether it is on, the last event sent, what waits, the latest failures. */
    async status(): Promise<AdsStatus> {
      const creds = await credentials()
      const [counts, lastSent, failures] = await Promise.all([
        db
          .select({
            platform: adEvents.platform,
            pending: sql<number>`(count(*) FILTER (WHERE ${adEvents.status} = 'pending'))::int`,
            sent: sql<number>`(count(*) FILTER (WHERE ${adEvents.status} = 'sent'))::int`,
            failed: sql<number>`(count(*) FILTER (WHERE ${adEvents.status} = 'failed'))::int`,
          })
          .from(adEvents)
          .groupBy(adEvents.platform),
        db
          .selectDistinctOn([adEvents.platform], {
            platform: adEvents.platform,
            orderId: adEvents.orderId,
            kind: adEvents.kind,
            sentAt: adEvents.sentAt,
          })
          .from(adEvents)
          .where(eq(adEvents.status, 'sent'))
          .orderBy(adEvents.platform, desc(adEvents.sentAt)),
        db
          .select({
            platform: adEvents.platform,
            orderId: adEvents.orderId,
            kind: adEvents.kind,
            status: adEvents.status,
            attempts: adEvents.attempts,
            lastError: adEvents.lastError,
            createdAt: adEvents.createdAt,
          })
          .from(adEvents)
          .where(sql`${adEvents.lastError} IS NOT NULL AND ${adEvents.status} <> 'sent'`)
          .orderBy(desc(adEvents.createdAt))
          .limit(30),
      ])
      return AD_PLATFORMS.map((platform) => {
        const c = counts.find((r) => r.platform === platform)
        const last = lastSent.find((r) => r.platform === platform)
        return {
          platform,
          enabled: configured(platform, creds),
          pending: Number(c?.pending ?? 0),
          sent: Number(c?.sent ?? 0),
          failed: Number(c?.failed ?? 0),
          lastSent: last?.sentAt
            ? { orderId: last.orderId, kind: last.kind, at: last.sentAt.toISOString() }
            : null,
          failures: failures
            .filter((f) => f.platform === platform)
            .slice(0, 5)
            .map((f) => ({
              orderId: f.orderId,
              kind: f.kind,
              final: f.status === 'failed',
              attempts: f.attempts,
              message: f.lastError ?? '',
              at: f.createdAt.toISOString(),
            })),
        }
      })
    },
  }
}

export type AdsService = ReturnType<typeof createAdsService>
