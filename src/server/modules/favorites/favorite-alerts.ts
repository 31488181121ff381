import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { STORE_TIME_ZONE } from '../../../contracts/analytics.js'
import type { CatalogCard } from '../../../contracts/catalog.js'
import { decimalToCents, formatBRL } from '../../../contracts/money.js'
import { shareImagePath } from '../../../contracts/products.js'
import type { Db } from '../../db/client.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { CouponRow, CouponsService } from '../coupons/coupons.service.js'
import type { MailItem, MessagingService } from '../messaging/messaging.service.js'
import { unsubscribeLinks, type NewsletterService } from '../newsletter/newsletter.service.js'
import { favoriteCouponNotices, favorites } from './favorites.tables.js'

/** At most this many materials in one alert: an e-mail, not a catalogue. */
const MAX_ITEMS = 6

interface Heart {
  userId: string
  productId: number
  priceSeenCents: number | null
}

/** What one account is told in one e-mail. */
interface News {
  userId: string
  /** Hearted products on sale below the lowest price she has seen. */
  cheaper: { card: CatalogCard; fromCents: number; toCents: number }[]
  /** Announced coupons covering a hearted product on sale, not told to her before. */
  coupons: { coupon: CouponRow; covers: CatalogCard[] }[]
}

/**
 * 'Favoritos' alerts: an account whose address confirmed the newsletter from its own inbox is
 * told once by e-mail when a hearted material gets cheaper than she has seen it, or when a
 * coupon the owner announces ('Avisar quem favoritou') covers one. Never without that consent,
 * and the newsletter's unsubscribe (its link in the alert, or one click in the mail app) stops
 * it at once: the consent is read at every run.
 *
 * Exactly once across instances: the transaction that writes the e-mail first lowers the price
 * seen and records the coupon as told, each only where that has not happened yet; a run that
 * finds nothing left to change writes no e-mail.
 */
export function createFavoriteAlerts(deps: {
  db: Db
  log: FastifyBaseLogger
  catalog: Pick<CatalogService, 'cardsOf'>
  coupons: Pick<CouponsService, 'announced'>
  accounts: Pick<AccountsService, 'emailsOf'>
  newsletter: Pick<NewsletterService, 'subscribers'>
  messaging: Pick<MessagingService, 'mail' | 'baseUrl'>
}) {
  const { db, messaging } = deps
  const absolute = (path: string) => new URL(path, `${messaging.baseUrl.get()}/`).toString()

  /** A heart whose price was never read (given before prices were kept) learns it silently. */
  async function readMissingPrices(hearts: Heart[], prices: Map<number, number>) {
    for (const heart of hearts.filter((h) => h.priceSeenCents === null)) {
      const price = prices.get(heart.productId)
      if (price === undefined) continue
      await db
        .update(favorites)
        .set({ priceSeenCents: price })
        .where(
          and(
            eq(favorites.userId, heart.userId),
            eq(favorites.productId, heart.productId),
            isNull(favorites.priceSeenCents),
          ),
        )
      heart.priceSeenCents = price
    }
  }

  /** Every account's news, from the hearts, the prices now and the coupons announced now. */
  async function gather(): Promise<News[]> {
    const hearts: Heart[] = await db
      .select({
        userId: favorites.userId,
        productId: favorites.productId,
        priceSeenCents: favorites.priceSeenCents,
      })
      .from(favorites)
    if (hearts.length === 0) return []
    const cards = new Map(
      (await deps.catalog.cardsOf([...new Set(hearts.map((h) => h.productId))])).map((c) => [
        c.id,
        c,
      ]),
    )
    const prices = new Map([...cards.values()].map((c) => [c.id, decimalToCents(c.price) ?? 0]))
    await readMissingPrices(hearts, prices)
    const announced = await deps.coupons.announced()
    const told = announced.length
      ? await db
          .select()
          .from(favoriteCouponNotices)
          .where(
            inArray(
              favoriteCouponNotices.couponId,
              announced.map((c) => c.id),
            ),
          )
      : []
    const toldKeys = new Set(told.map((t) => `${t.userId}:${t.couponId}`))

    const byUser = new Map<string, Heart[]>()
    for (const heart of hearts) {
      if (!cards.has(heart.productId)) continue
      byUser.set(heart.userId, [...(byUser.get(heart.userId) ?? []), heart])
    }
    const news: News[] = []
    for (const [userId, mine] of byUser) {
      const cheaper = mine.flatMap((h) => {
        const toCents = prices.get(h.productId)!
        return h.priceSeenCents !== null && toCents < h.priceSeenCents
          ? [{ card: cards.get(h.productId)!, fromCents: h.priceSeenCents, toCents }]
          : []
      })
      const coupons = announced
        .filter((c) => !toldKeys.has(`${userId}:${c.id}`))
        .map((coupon) => ({
          coupon,
          covers: mine
            .filter(
              (h) => coupon.productIds.length === 0 || coupon.productIds.includes(h.productId),
            )
            .filter((h) => prices.get(h.productId)! > 0)
            .map((h) => cards.get(h.productId)!),
        }))
        .filter((c) => c.covers.length > 0)
      if (cheaper.length || coupons.length) news.push({ userId, cheaper, coupons })
    }
    return news
  }

  return {
    /** One pass (the job's, every half hour): answers how many e-mails it wrote. */
    async run(): Promise<number> {
      const news = await gather()
      if (news.length === 0) return 0
      const emails = await deps.accounts.emailsOf(news.map((n) => n.userId))
      const tokens = await deps.newsletter.subscribers.confirmedTokens([...emails.values()])
      let written = 0
      for (const item of news) {
        const email = emails.get(item.userId)
        const token = email ? tokens.get(email.toLowerCase()) : undefined
        // No consent of her own address: nothing is sent, and nothing is marked as told.
        if (!email || !token) continue
        try {
          if (await tell(item, email, token)) written++
        } catch (err) {
          deps.log.warn({ err }, 'favourites alert not written')
        }
      }
      if (written) messaging.mail.wake()
      return written
    },
  }

  async function tell(news: News, to: string, token: string): Promise<boolean> {
    const links = unsubscribeLinks(token)
    const mail = await messaging.mail.compose({ ...content(news), unsubscribe: links.page })
    return db.transaction(async (tx) => {
      let changed = 0
      for (const { card, fromCents, toCents } of news.cheaper) {
        const rows = await tx
          .update(favorites)
          .set({ priceSeenCents: toCents })
          .where(
            and(
              eq(favorites.userId, news.userId),
              eq(favorites.productId, card.id),
              eq(favorites.priceSeenCents, fromCents),
            ),
          )
          .returning({ productId: favorites.productId })
        changed += rows.length
      }
      if (news.coupons.length) {
        const rows = await tx
          .insert(favoriteCouponNotices)
          .values(news.coupons.map(({ coupon }) => ({ userId: news.userId, couponId: coupon.id })))
          .onConflictDoNothing()
          .returning({ couponId: favoriteCouponNotices.couponId })
        changed += rows.length
      }
      // Another instance told her the same a moment ago: its e-mail is the one.
      if (changed === 0) return false
      await messaging.mail.enqueue(tx, {
        dedupeKey: `favorites-alert:${news.userId}:${fingerprint(news)}`,
        to,
        ...mail,
        unsubscribeUrl: absolute(links.oneClick),
      })
      return true
    })
  }
}

export type FavoriteAlerts = ReturnType<typeof createFavoriteAlerts>

/** What an alert tells, as a key: the same news never makes two e-mails. */
function fingerprint(news: News): string {
  const parts = [
    ...news.cheaper.map((c) => `p${c.card.id}:${c.toCents}`),
    ...news.coupons.map((c) => `c${c.coupon.id}`),
  ].sort()
  return createHash('sha256').update(parts.join(',')).digest('hex').slice(0, 16)
}

/** '10% de desconto' or 'R$ 5,00 de desconto', with its minimum and its last day if any. */
export function couponTerms(coupon: CouponRow): string {
  const off =
    coupon.type === 'percent'
      ? `${coupon.value}% de desconto`
      : `${formatBRL(coupon.value)} de desconto`
  const minimum = coupon.minCents ? ` em pedidos a partir de ${formatBRL(coupon.minCents)}` : ''
  const until = coupon.endsAt
    ? `, até ${coupon.endsAt.toLocaleDateString('pt-BR', { timeZone: STORE_TIME_ZONE })}`
    : ''
  return `${off}${minimum}${until}`
}

function itemOf(card: CatalogCard, lines: string[]): MailItem {
  const cover = shareImagePath(card)
  return {
    title: card.name,
    // The cover's JPEG: WebP (the store's other variants) is not shown by every mail app.
    ...(cover ? { image: { path: cover, alt: `Capa de ${card.name}` } } : {}),
    lines,
    button: { label: 'Ver material', path: `/produto/${card.id}` },
  }
}

/** The alert's words: the cheaper materials first, then the coupons and what they cover. */
function content(news: News) {
  const single = news.cheaper.length === 1
  const subject = news.cheaper.length
    ? single
      ? `Ficou mais barato: ${news.cheaper[0]!.card.name}`
      : 'Seus favoritos ficaram mais baratos'
    : news.coupons.length === 1
      ? `Cupom ${news.coupons[0]!.coupon.code} para seus favoritos`
      : 'Cupons para seus favoritos'
  const paragraphs: string[] = []
  if (news.cheaper.length) {
    paragraphs.push(
      single
        ? 'Um material que você guardou nos favoritos está com um preço menor agora.'
        : 'Materiais que você guardou nos favoritos estão com um preço menor agora.',
    )
  }
  for (const { coupon } of news.coupons) {
    paragraphs.push(`Use o cupom ${coupon.code} no pagamento: ${couponTerms(coupon)}.`)
  }
  const listed = new Set<number>()
  const items: MailItem[] = []
  for (const { card, fromCents, toCents } of news.cheaper) {
    listed.add(card.id)
    items.push(itemOf(card, [`De ${formatBRL(fromCents)} por ${formatBRL(toCents)}`]))
  }
  for (const { coupon, covers } of news.coupons) {
    for (const card of covers.filter((c) => !listed.has(c.id))) {
      listed.add(card.id)
      items.push(
        itemOf(card, [
          `${formatBRL(decimalToCents(card.price) ?? 0)} · vale o cupom ${coupon.code}`,
        ]),
      )
    }
  }
  return {
    subject,
    preview: paragraphs[0]!,
    greeting: 'Olá!',
    paragraphs,
    items: items.slice(0, MAX_ITEMS),
    note:
      'Você recebe este aviso porque aceitou receber novidades da loja por e-mail. ' +
      'Para não receber mais, cancele a inscrição pelo link abaixo.',
  }
}
