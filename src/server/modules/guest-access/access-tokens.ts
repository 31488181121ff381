import { and, eq, gt } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.js'
import { guestAccess } from './guest-access.tables.js'

// The guest accesses' tokens: written into the order messages, opened as a browser's access,
// and read back. Only their hashes are stored (decision 013).

/** The paid-order e-mail's button works this long. */
export const ACCESS_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** A browser's access after a code or a link: the rest of a day's visit, then ask again. */
export const ACCESS_SESSION_TTL_MS = 12 * 60 * 60 * 1000

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')
const newToken = () => randomBytes(32).toString('base64url')

/**
 * Writes the tokens the order messages carry. Apart from the service because messaging, which
 * the service sends its codes through, needs it first (messaging.module.ts calls it).
 * Two kinds, so a message never carries more than its address proves (decision 013).
 */
export function accessTokenIssuer(now: () => Date = () => new Date()) {
  const expiresAt = () => new Date(now().getTime() + ACCESS_LINK_TTL_MS)
  return {
    /**
     * An e-mail-scoped link token for the order e-mails, written in the caller's transaction
     * (the e-mail that carries it is written there too): it opens everything of that e-mail,
     * so it goes only to that e-mail. Answers the token; the row keeps only its hash.
     */
    async emailAccess(tx: Db, email: string): Promise<string> {
      const token = newToken()
      await tx.insert(guestAccess).values({
        kind: 'link',
        email: email.toLowerCase(),
        secretHash: sha256(token),
        expiresAt: expiresAt(),
      })
      return token
    },

    /**
     * An order-scoped payment token, for a message sent where the buyer proved nothing (the
     * WhatsApp typed at checkout): it opens that order's payment page, and nothing of the
     * e-mail. Written in the caller's transaction; valid as long as the e-mail links.
     */
    async paymentPage(tx: Db, order: { id: string; customerEmail: string }): Promise<string> {
      const token = newToken()
      await tx.insert(guestAccess).values({
        kind: 'pay_link',
        email: order.customerEmail.toLowerCase(),
        orderId: order.id,
        secretHash: sha256(token),
        expiresAt: expiresAt(),
      })
      return token
    },
  }
}

/** The browsers' accesses: opened from a code or a link, and found again by their token. */
export function browserAccesses(db: Db, now: () => Date) {
  /**
   * A browser's access (`session` or `pay_session`). Opened from a link, its token is derived
   * from the link's, so following one link any number of times, at once or days apart, keeps
   * one row, renewed, instead of a row each time: a link opened by a script in a loop cannot
   * grow the table. Derived one way only: the row holds the hash of the access token, which
   * tells nothing of the link, and whoever has the link could open an access anyway.
   */
  async function openAccess(
    kind: 'session' | 'pay_session',
    email: string,
    orderId: string | null,
    fromLink?: string,
  ): Promise<string> {
    const token = fromLink ? sha256(`${kind}:${fromLink}`) : newToken()
    const expiresAt = new Date(now().getTime() + ACCESS_SESSION_TTL_MS)
    await db
      .insert(guestAccess)
      .values({ kind, email, orderId, secretHash: sha256(token), expiresAt })
      .onConflictDoUpdate({ target: guestAccess.secretHash, set: { expiresAt } })
    return token
  }

  /** The live row of a token of this kind: an e-mail's kinds and an order's never mix. */
  async function rowOfToken(token: string, kind: 'link' | 'session' | 'pay_link' | 'pay_session') {
    const [row] = await db
      .select({ email: guestAccess.email, orderId: guestAccess.orderId })
      .from(guestAccess)
      .where(
        and(
          eq(guestAccess.secretHash, sha256(token)),
          eq(guestAccess.kind, kind),
          gt(guestAccess.expiresAt, now()),
        ),
      )
    return row ?? null
  }

  async function emailOfToken(token: string, kind: 'link' | 'session'): Promise<string | null> {
    return (await rowOfToken(token, kind))?.email ?? null
  }

  return { openAccess, rowOfToken, emailOfToken }
}
