import { randomBytes } from 'node:crypto'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { NewsletterSource } from '../../../contracts/newsletter.js'
import { NEWSLETTER_MESSAGES } from '../../../contracts/newsletter.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import { newsletterSubscribers } from './newsletter.tables.js'

type Mail = Pick<MessagingService['mail'], 'compose' | 'enqueue' | 'wake'>

/**
 * A subscriber's two ways out, carried by every e-mail sent on the newsletter's consent: the
 * page the footer's 'Cancelar inscrição' opens, and the address a mail app's one-click
 * unsubscribe posts to (List-Unsubscribe). `newsletterId`: the send it came from, counted.
 */
export function unsubscribeLinks(token: string, newsletterId?: number) {
  const query = `t=${encodeURIComponent(token)}${newsletterId === undefined ? '' : `&n=${newsletterId}`}`
  return { page: `/novidades/cancelar?${query}`, oneClick: `/api/newsletter/unsubscribe?${query}` }
}

/**
 * Subscribers, double opt-in (LGPD): a ticked box (checkout, sign-up, footer) records the
 * consent with where and when and sends one confirmation e-mail; only a confirmed address
 * receives newsletters. Unsubscribing is one request with the address's token, no login.
 */
export function createSubscribers(deps: { db: Db; mail: Mail; now: () => Date }) {
  const { db, mail } = deps

  async function byToken(token: string) {
    const [row] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.token, token))
    if (!row) throw new AppError('not_found', NEWSLETTER_MESSAGES.linkInvalid)
    return row
  }

  return {
    /**
     * The box was ticked: a new (or returning) address is recorded as pending and sent its
     * confirmation; one already confirmed or waiting is left as it is. The caller's answer
     * is the same either way, so it tells nobody who is subscribed.
     */
    async consent(address: string, source: NewsletterSource): Promise<void> {
      const email = address.trim().toLowerCase()
      const token = randomBytes(24).toString('base64url')
      const content = await mail.compose({
        subject: 'Confirme seu e-mail para receber nossas novidades',
        preview: 'Falta um toque para você receber novidades e promoções',
        greeting: 'Olá!',
        paragraphs: [
          'Recebemos seu pedido para receber novidades e promoções da loja por e-mail.',
          'Para confirmar, toque no botão abaixo. Sem a confirmação, não enviamos nada.',
        ],
        button: { label: 'Confirmar inscrição', path: `/novidades/confirmar?t=${token}` },
        note: 'Se não foi você, ignore este e-mail: sem a confirmação, nada será enviado.',
      })
      const sent = await db.transaction(async (tx) => {
        const now = deps.now()
        const [row] = await tx
          .insert(newsletterSubscribers)
          .values({ email, source, consentAt: now, token })
          .onConflictDoUpdate({
            target: newsletterSubscribers.email,
            // Only an address that had unsubscribed starts again: a new consent, a new token.
            set: {
              status: 'pending',
              source,
              consentAt: now,
              confirmedAt: null,
              unsubscribedAt: null,
              unsubscribedFrom: null,
              token,
            },
            setWhere: eq(newsletterSubscribers.status, 'unsubscribed'),
          })
          .returning()
        if (!row) return false
        await mail.enqueue(tx, {
          dedupeKey: `newsletter-confirm:${row.id}:${token.slice(0, 8)}`,
          to: email,
          ...content,
        })
        return true
      })
      if (sent) mail.wake()
    },

    /** GET/POST /api/newsletter/confirm?t=: the double opt-in's second step. */
    async confirm(token: string): Promise<string> {
      const row = await byToken(token)
      if (row.status === 'pending') {
        await db
          .update(newsletterSubscribers)
          .set({ status: 'confirmed', confirmedAt: deps.now() })
          .where(
            and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.status, 'pending')),
          )
      }
      if (row.status === 'unsubscribed') return NEWSLETTER_MESSAGES.unsubscribed
      return NEWSLETTER_MESSAGES.confirmed
    },

    /** POST /api/newsletter/unsubscribe?t=&n=: every future newsletter stops at once. */
    async unsubscribe(token: string, newsletterId?: number): Promise<string> {
      const row = await byToken(token)
      if (row.status !== 'unsubscribed') {
        await db
          .update(newsletterSubscribers)
          .set({
            status: 'unsubscribed',
            unsubscribedAt: deps.now(),
            unsubscribedFrom: newsletterId ?? null,
          })
          .where(eq(newsletterSubscribers.id, row.id))
      }
      return NEWSLETTER_MESSAGES.unsubscribed
    },

    async counts() {
      const rows = await db
        .select({ status: newsletterSubscribers.status, n: count() })
        .from(newsletterSubscribers)
        .groupBy(newsletterSubscribers.status)
      const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0)
      return {
        confirmed: of('confirmed'),
        pending: of('pending'),
        unsubscribed: of('unsubscribed'),
      }
    },

    /** Unsubscribes by the newsletter whose link was used. */
    async unsubscribesBySend(): Promise<Map<number, number>> {
      const rows = await db
        .select({ id: newsletterSubscribers.unsubscribedFrom, n: count() })
        .from(newsletterSubscribers)
        .where(sql`${newsletterSubscribers.unsubscribedFrom} IS NOT NULL`)
        .groupBy(newsletterSubscribers.unsubscribedFrom)
      return new Map(rows.map((r) => [r.id!, Number(r.n)]))
    },

    /**
     * Whether this address itself asked for news: confirmed from its inbox, not only a box
     * ticked by whoever typed it (the abandoned-checkout e-mail needs it).
     */
    async hasConfirmed(address: string): Promise<boolean> {
      const [row] = await db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, address.trim().toLowerCase()))
      return row?.status === 'confirmed'
    },

    /**
     * The unsubscribe tokens of those of `addresses` confirmed from their own inbox, by address:
     * what an e-mail sent on the newsletter's consent (the favourites' alerts) needs to carry
     * the newsletter's own one-click unsubscribe.
     */
    async confirmedTokens(addresses: readonly string[]): Promise<Map<string, string>> {
      const emails = [...new Set(addresses.map((a) => a.trim().toLowerCase()))]
      if (emails.length === 0) return new Map()
      const rows = await db
        .select({ email: newsletterSubscribers.email, token: newsletterSubscribers.token })
        .from(newsletterSubscribers)
        .where(
          and(
            inArray(newsletterSubscribers.email, emails),
            eq(newsletterSubscribers.status, 'confirmed'),
          ),
        )
      return new Map(rows.map((r) => [r.email, r.token]))
    },

    /** The consent as the customer's data export shows it (privacy module). */
    async exportOf(address: string) {
      const [row] = await db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, address.trim().toLowerCase()))
      if (!row) return null
      return {
        status: row.status,
        source: row.source,
        consentAt: row.consentAt.toISOString(),
        confirmedAt: row.confirmedAt?.toISOString() ?? null,
        unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      }
    },

    /** Erasure (privacy module): the address and its consent are forgotten. */
    async erase(tx: Db, address: string) {
      await tx
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, address.trim().toLowerCase()))
    },

    /** Confirmed subscribers after id `afterId`, oldest first (a send's next batch). */
    confirmedAfter(afterId: number, limit: number) {
      return db
        .select({
          id: newsletterSubscribers.id,
          email: newsletterSubscribers.email,
          token: newsletterSubscribers.token,
        })
        .from(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.status, 'confirmed'),
            sql`${newsletterSubscribers.id} > ${afterId}`,
          ),
        )
        .orderBy(newsletterSubscribers.id)
        .limit(limit)
    },
  }
}

export type Subscribers = ReturnType<typeof createSubscribers>
