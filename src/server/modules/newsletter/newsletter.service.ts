import type { FastifyBaseLogger } from 'fastify'
import { desc, eq, sql } from 'drizzle-orm'
import type {
  AdminNewsletter,
  NewsletterInput,
  NewsletterOverview,
  NewsletterSource,
} from '../../../contracts/newsletter.js'
import { NEWSLETTER_MESSAGES } from '../../../contracts/newsletter.js'
import { formatBRL } from '../../../contracts/money.js'
import { shareImagePath } from '../../../contracts/products.js'
import { exponentialBackoff, rowClaims } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import type { ProductsService } from '../products/products.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { newsletters } from './newsletter.tables.js'
import { createSubscribers, unsubscribeLinks } from './subscribers.js'

type Row = typeof newsletters.$inferSelect

/**
 * The owner's newsletters ('Novidades'): composed with up to six featured products, previewed
 * as the e-mail itself, tested on her own inbox, then written to the outbox for every confirmed
 * subscriber at `newsletter_per_minute` (one batch a minute, each claimed: one instance works a
 * send at a time). Each carries List-Unsubscribe with One-Click (RFC 8058) and a visible link.
 */
export function createNewsletterService(deps: {
  db: Db
  log: FastifyBaseLogger
  settings: Pick<SettingsService, 'get'>
  products: Pick<ProductsService, 'summaries'>
  messaging: Pick<MessagingService, 'mail' | 'baseUrl'>
  now?: () => Date
}) {
  const { db, messaging } = deps
  const now = deps.now ?? (() => new Date())
  const subscribers = createSubscribers({ db, mail: messaging.mail, now })
  const claims = rowClaims({
    table: newsletters,
    leaseSeconds: 120,
    backoffSeconds: exponentialBackoff(60, 3600),
    eligible: eq(newsletters.status, 'sending'),
    // A batch retaken writes nothing twice: each message is keyed by newsletter and subscriber.
    expired: 'retake',
    clock: deps.now,
  })

  const view = (row: Row, unsubscribes: Map<number, number>): AdminNewsletter => ({
    id: row.id,
    subject: row.subject,
    text: row.text,
    productIds: row.productIds,
    status: row.status,
    recipients: row.recipients,
    queued: row.queued,
    unsubscribes: unsubscribes.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  })

  async function find(id: number): Promise<Row> {
    const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id))
    if (!row) throw new AppError('not_found', 'Novidade não encontrada')
    return row
  }

  /** The e-mail as subscribers get it; `unsubscribe` is the address of that subscriber's link. */
  async function content(row: Row, unsubscribe: string) {
    const found = await deps.products.summaries(row.productIds)
    const items = row.productIds
      .map((id) => found.get(id))
      .filter((p) => p !== undefined)
      .map((p) => {
        const cover = shareImagePath(p)
        return {
          title: p.name,
          // The cover's JPEG: WebP (the store's other variants) is not shown by every mail app.
          ...(cover ? { image: { path: cover, alt: `Capa de ${p.name}` } } : {}),
          lines: [p.priceCents === 0 ? 'Grátis' : formatBRL(p.priceCents)],
          button: { label: 'Ver material', path: `/produto/${p.id}` },
        }
      })
    return messaging.mail.compose({
      subject: row.subject,
      preview: row.text.slice(0, 90),
      paragraphs: row.text
        .split(/\n{2,}/)
        .map((p) => p.trim())
        .filter(Boolean),
      items,
      unsubscribe,
    })
  }

  const absolute = (path: string) => new URL(path, `${messaging.baseUrl.get()}/`).toString()

  /** One batch of a send: `newsletter_per_minute` subscribers, then the next a minute later. */
  async function batch(row: Row): Promise<void> {
    const perMinute = await deps.settings.get('newsletter_per_minute')
    const next = await subscribers.confirmedAfter(row.cursor, perMinute)
    const composed = await Promise.all(
      next.map(async (s) => ({
        s,
        mail: await content(row, unsubscribeLinks(s.token, row.id).page),
      })),
    )
    await db.transaction(async (tx) => {
      for (const { s, mail } of composed) {
        await messaging.mail.enqueue(tx, {
          dedupeKey: `newsletter:${row.id}:${s.id}`,
          to: s.email,
          ...mail,
          unsubscribeUrl: absolute(unsubscribeLinks(s.token, row.id).oneClick),
        })
      }
      const done = next.length < perMinute
      await tx
        .update(newsletters)
        .set({
          cursor: next.at(-1)?.id ?? row.cursor,
          queued: sql`${newsletters.queued} + ${next.length}`,
          ...(done ? { status: 'sent' as const, sentAt: now() } : {}),
          ...claims.released(),
          // The pace: the next batch is due a minute from now.
          nextAttemptAt: claims.secondsFromNow(60),
        })
        .where(claims.held(row))
    })
    if (next.length) messaging.mail.wake()
  }

  return {
    subscribers,

    /** A box ticked at checkout or sign-up (`newsletter: true`), or the footer's form. */
    consent: (email: string, source: NewsletterSource) => subscribers.consent(email, source),

    async overview(): Promise<NewsletterOverview> {
      const [rows, counts, unsubscribes] = await Promise.all([
        db.select().from(newsletters).orderBy(desc(newsletters.id)).limit(100),
        subscribers.counts(),
        subscribers.unsubscribesBySend(),
      ])
      return { subscribers: counts, newsletters: rows.map((r) => view(r, unsubscribes)) }
    },

    async create(input: NewsletterInput): Promise<AdminNewsletter> {
      const [row] = await db.insert(newsletters).values(input).returning()
      return view(row!, new Map())
    },

    /** A draft changed; a newsletter on its way is not. */
    async update(id: number, input: NewsletterInput): Promise<AdminNewsletter> {
      const [row] = await db
        .update(newsletters)
        .set(input)
        .where(sql`${newsletters.id} = ${id} AND ${newsletters.status} = 'draft'`)
        .returning()
      if (!row) {
        await find(id)
        throw new AppError('conflict', NEWSLETTER_MESSAGES.notDraft)
      }
      return view(row, new Map())
    },

    /** The e-mail itself, for the preview at phone width. */
    async preview(id: number) {
      const row = await find(id)
      const mail = await content(row, '/novidades/cancelar?t=exemplo')
      return { subject: mail.subject, html: mail.html }
    },

    /** POST /api/admin/newsletters/:id/test: to the owner's address, through the outbox. */
    async test(id: number) {
      const row = await find(id)
      const to = (await deps.settings.get('admin_email')).trim()
      if (!to) throw new AppError('bad_request', NEWSLETTER_MESSAGES.noOwnerEmail)
      const mail = await content(row, '/novidades/cancelar?t=exemplo')
      await db.transaction((tx) =>
        messaging.mail.enqueue(tx, {
          dedupeKey: `newsletter-test:${row.id}:${now().getTime()}`,
          to,
          ...mail,
          subject: `[Teste] ${mail.subject}`,
        }),
      )
      messaging.mail.wake()
      return { to, message: `Teste enviado para ${to}` }
    },

    /** POST /api/admin/newsletters/:id/send: the send starts; answers its recipients. */
    async send(id: number): Promise<{ recipients: number }> {
      const { confirmed } = await subscribers.counts()
      const [row] = await db
        .update(newsletters)
        .set({ status: 'sending', recipients: confirmed, nextAttemptAt: now() })
        .where(sql`${newsletters.id} = ${id} AND ${newsletters.status} = 'draft'`)
        .returning()
      if (!row) {
        await find(id)
        throw new AppError('conflict', NEWSLETTER_MESSAGES.notDraft)
      }
      return { recipients: confirmed }
    },

    /** The job (every minute): one batch of each send that is due. Answers the batches. */
    async runDue(): Promise<number> {
      const due = await claims.claimDue(db, 10)
      for (const row of due) {
        try {
          await batch(row)
        } catch (err) {
          deps.log.warn({ err, newsletterId: row.id }, 'newsletter batch failed')
          await db.update(newsletters).set(claims.retryLater(row)).where(claims.held(row))
        }
      }
      return due.length
    },
  }
}

export type NewsletterService = ReturnType<typeof createNewsletterService>
export { unsubscribeLinks } from './subscribers.js'
