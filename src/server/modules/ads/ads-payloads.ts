/**
 * The conversion events each ad platform takes, built from a paid (or refunded) order. Personal
 * data (hashed e-mail and phone, Meta's fbc/fbp, the browser's address and user agent) goes in
 * only when the buyer accepted the ad cookies (`adsConsent`); without it the events carry the
 * order's id, value and items alone.
 */
import { createHash } from 'node:crypto'
import type { Attribution } from '../../../contracts/attribution.js'
import type { AdContext, OrderLineRow, OrderRow } from '../orders/orders.service.js'

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * The normalised forms the platforms hash: an e-mail trimmed and lower-cased; a phone as its
 * digits with the country code (a Brazilian number without it gets 55). Meta: "Customer
 * information parameters",
 * https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters
 */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '')
  if (!digits) return ''
  return digits.length <= 11 ? `55${digits}` : digits
}

export interface PaidOrder {
  order: Pick<
    OrderRow,
    | 'id'
    | 'customerEmail'
    | 'customerWhatsapp'
    | 'totalCents'
    | 'couponCode'
    | 'paidAt'
    | 'adsConsent'
    | 'adContext'
    | 'attribution'
  >
  lines: Pick<OrderLineRow, 'productId' | 'productName' | 'unitPriceCents' | 'quantity'>[]
}

const reais = (cents: number) => Math.round(cents) / 100
const unixSeconds = (at: Date | null) => Math.floor((at ?? new Date()).getTime() / 1000)

/** Personal data for the platforms, only with consent; empty otherwise. */
function matchData(o: PaidOrder['order']) {
  if (!o.adsConsent) return null
  const context: AdContext = o.adContext ?? {}
  const email = normaliseEmail(o.customerEmail)
  const phone = normalisePhone(o.customerWhatsapp)
  const attribution: Attribution = o.attribution ?? {}
  return {
    em: email ? sha256(email) : undefined,
    ph: phone ? sha256(phone) : undefined,
    // TikTok hashes the phone in E.164, with its '+'.
    phE164: phone ? sha256(`+${phone}`) : undefined,
    ...context,
    ttclid: attribution.ttclid,
  }
}

/**
 * Meta Conversions API, one server event: `POST /v{version}/{pixelId}/events` with `data`
 * ("Using the API",
 * https://developers.facebook.com/documentation/ads-commerce/conversions-api/using-the-api; the
 * fields: https://developers.facebook.com/docs/marketing-api/conversions-api/parameters). The
 * event id is the order's id, as the browser pixel's Purchase, so Meta counts one purchase.
 */
export function metaPurchase({ order, lines }: PaidOrder) {
  const m = matchData(order)
  const userData: Record<string, unknown> = {}
  if (m?.em) userData.em = [m.em]
  if (m?.ph) userData.ph = [m.ph]
  if (m?.fbc) userData.fbc = m.fbc
  if (m?.fbp) userData.fbp = m.fbp
  if (m?.ip) userData.client_ip_address = m.ip
  if (m?.userAgent) userData.client_user_agent = m.userAgent
  return {
    data: [
      {
        event_name: 'Purchase',
        event_time: unixSeconds(order.paidAt),
        event_id: order.id,
        action_source: 'website',
        user_data: userData,
        custom_data: {
          currency: 'BRL',
          value: reais(order.totalCents),
          content_ids: lines.map((l) => String(l.productId)),
          content_type: 'product',
        },
      },
    ],
  }
}

/**
 * GA4 Measurement Protocol: `purchase` (and `refund`) with the order's id as `transaction_id`
 * ("Send Measurement Protocol events",
 * https://developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events; the
 * events' parameters:
 * https://developers.google.com/analytics/devguides/collection/protocol/ga4/reference/events).
 * `client_id` is the order's id: GA4 needs one, and no cookie of the buyer is read.
 */
export function ga4Event(kind: 'purchase' | 'refund', { order, lines }: PaidOrder) {
  const m = matchData(order)
  return {
    client_id: order.id,
    ...(m?.em ? { user_data: { sha256_email_address: [m.em] } } : {}),
    events: [
      {
        name: kind,
        params: {
          transaction_id: order.id,
          value: reais(order.totalCents),
          currency: 'BRL',
          ...(order.couponCode ? { coupon: order.couponCode } : {}),
          items: lines.map((l) => ({
            item_id: String(l.productId),
            item_name: l.productName,
            price: reais(l.unitPriceCents),
            quantity: l.quantity,
          })),
        },
      },
    ],
  }
}

/**
 * TikTok Events API (web): `POST /open_api/v1.3/event/track/` with `CompletePayment`
 * ("Events API", https://ads.tiktok.com/help/article/events-api; the request's fields as the
 * Events API 2.0 reference gives them: event_source 'web', event_source_id = the pixel code,
 * `user` with SHA-256 e-mail and phone, `properties` with value, currency and contents).
 */
export function tiktokPurchase(pixelId: string, { order, lines }: PaidOrder) {
  const m = matchData(order)
  const user: Record<string, string> = {}
  if (m?.em) user.email = m.em
  if (m?.phE164) user.phone = m.phE164
  if (m?.ttclid) user.ttclid = m.ttclid
  if (m?.ip) user.ip = m.ip
  if (m?.userAgent) user.user_agent = m.userAgent
  return {
    event_source: 'web',
    event_source_id: pixelId,
    data: [
      {
        event: 'CompletePayment',
        event_time: unixSeconds(order.paidAt),
        event_id: order.id,
        user,
        properties: {
          currency: 'BRL',
          value: reais(order.totalCents),
          content_type: 'product',
          contents: lines.map((l) => ({
            content_id: String(l.productId),
            content_name: l.productName,
            quantity: l.quantity,
            price: reais(l.unitPriceCents),
          })),
        },
      },
    ],
  }
}
