import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import {
  COUPON_MESSAGES,
  CouponInput,
  type AdminCoupon,
  type CouponFields,
} from '../../../contracts/coupons.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { parseOrThrow } from '../../lib/parse-or-throw.js'
import {
  applyCoupon,
  unusableCoupon,
  type CouponRow,
  type Discount,
  type PricedLineLike,
} from './coupon-rules.js'
import { couponOrderEffects, couponPersonalData } from './coupon-uses.js'
import { couponUses, coupons } from './coupons.tables.js'

export type { CouponRow, Discount, PricedLineLike } from './coupon-rules.js'

/** A coupon that applies to some lines, read before the order's transaction opens. */
export interface CouponQuote extends Discount {
  coupon: CouponRow
}

const notFound = () => new AppError('not_found', 'Cupom não encontrado')

/**
 * Uses of one coupon with limited uses that one e-mail's unpaid orders may hold at once. Each
 * pending order holds its use for the PIX's whole validity, so without this 5 unpaid orders
 * could hold every use of a 5-use coupon. Two, not one: a buyer who places
 * an order, goes back to change the cart and orders again must not be refused.
 */
export const MAX_PENDING_USES_PER_EMAIL = 2

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}

export function createCouponsService(
  db: Db,
  deps: {
    /** Which of these orders are paid (the report counts only paid orders); in `tx` if given. */
    paidAmong: (orderIds: string[], tx?: Db) => Promise<Set<string>>
    now?: () => Date
  },
) {
  const now = deps.now ?? (() => new Date())

  async function byCode(code: string): Promise<CouponRow | null> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(eq(sql`lower(${coupons.code})`, code.trim().toLowerCase()))
    return row ?? null
  }

  async function write(fields: CouponFields, id?: number): Promise<CouponRow> {
    const values = {
      code: fields.code,
      type: fields.type,
      value: fields.value,
      minCents: fields.minAmount,
      startsAt: fields.startsAt,
      endsAt: fields.endsAt,
      maxUses: fields.maxUses,
      maxUsesPerEmail: fields.maxUsesPerEmail,
      productIds: fields.productIds,
      isActive: fields.isActive,
      announceToFavorites: fields.announceToFavorites,
    }
    try {
      if (id === undefined) return (await db.insert(coupons).values(values).returning())[0]!
      const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning()
      if (!row) throw notFound()
      return row
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('conflict', 'Já existe um cupom com este código')
      }
      throw error
    }
  }

  async function report(rows: CouponRow[]): Promise<AdminCoupon[]> {
    const uses = await db.select().from(couponUses).where(isNull(couponUses.releasedAt))
    const paid = await deps.paidAmong(uses.map((u) => u.orderId))
    return rows.map((c) => {
      const mine = uses.filter((u) => u.couponId === c.id && paid.has(u.orderId))
      return {
        id: c.id,
        code: c.code,
        type: c.type,
        value: c.type === 'percent' ? String(c.value) : centsToDecimal(c.value),
        minAmount: c.minCents === null ? null : centsToDecimal(c.minCents),
        startsAt: c.startsAt?.toISOString() ?? null,
        endsAt: c.endsAt?.toISOString() ?? null,
        maxUses: c.maxUses,
        maxUsesPerEmail: c.maxUsesPerEmail,
        productIds: c.productIds,
        isActive: c.isActive,
        announceToFavorites: c.announceToFavorites,
        usesHeld: c.usesHeld,
        uses: mine.length,
        discountGiven: centsToDecimal(mine.reduce((s, u) => s + u.discountCents, 0)),
        revenue: centsToDecimal(mine.reduce((s, u) => s + u.totalCents, 0)),
      }
    })
  }

  return {
    /** Every coupon with its report: uses, discount given and revenue of paid orders. */
    async list(): Promise<AdminCoupon[]> {
      return report(await db.select().from(coupons).orderBy(asc(coupons.code)))
    },

    async create(input: unknown): Promise<AdminCoupon> {
      const row = await write(parseOrThrow(CouponInput, input))
      return (await report([row]))[0]!
    },

    async update(id: number, input: unknown): Promise<AdminCoupon> {
      const row = await write(parseOrThrow(CouponInput, input), id)
      return (await report([row]))[0]!
    },

    /** A coupon no order used is deleted; one that was used is only deactivated (the books). */
    async remove(id: number): Promise<{ deleted: boolean }> {
      const [used] = await db
        .select({ id: couponUses.id })
        .from(couponUses)
        .where(eq(couponUses.couponId, id))
        .limit(1)
      if (used) {
        const rows = await db
          .update(coupons)
          .set({ isActive: false })
          .where(eq(coupons.id, id))
          .returning()
        if (rows.length === 0) throw notFound()
        return { deleted: false }
      }
      const rows = await db.delete(coupons).where(eq(coupons.id, id)).returning()
      if (rows.length === 0) throw notFound()
      return { deleted: true }
    },

    /**
     * The coupons the owner lets the store announce to those who hearted what they cover, that
     * a buyer could use now: active, within their dates, with uses left.
     */
    async announced(): Promise<CouponRow[]> {
      const at = now()
      const rows = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.announceToFavorites, true), eq(coupons.isActive, true)))
      return rows.filter(
        (c) =>
          (!c.startsAt || c.startsAt <= at) &&
          (!c.endsAt || c.endsAt > at) &&
          (c.maxUses === null || c.usesHeld < c.maxUses),
      )
    },

    /**
     * What `code` takes off these server-priced lines, or the Portuguese reason it cannot. A
     * coupon whose uses are all held is refused here too; the order's transaction checks again.
     */
    async quote(code: string, lines: PricedLineLike[]): Promise<CouponQuote> {
      const coupon = await byCode(code)
      if (!coupon) throw unusableCoupon()
      const discount = applyCoupon(coupon, lines, now())
      if (coupon.maxUses !== null && coupon.usesHeld >= coupon.maxUses) throw unusableCoupon()
      return { coupon, ...discount }
    },

    /**
     * Holds one use of the quoted coupon for an order just inserted in `tx`: a conditional
     * UPDATE raises the count only while it is under the cap, so of simultaneous checkouts
     * only as many as the cap allows get a row (the others wait for the row lock, then see
     * the new count). The per-e-mail cap is counted after that lock, so it is serialised too.
     */
    async hold(
      tx: Db,
      quote: CouponQuote,
      order: { id: string; email: string; totalCents: number },
    ): Promise<void> {
      const at = now()
      const { coupon } = quote
      const [held] = await tx
        .update(coupons)
        .set({ usesHeld: sql`${coupons.usesHeld} + 1` })
        .where(
          and(
            eq(coupons.id, coupon.id),
            eq(coupons.isActive, true),
            sql`(${coupons.maxUses} IS NULL OR ${coupons.usesHeld} < ${coupons.maxUses})`,
            sql`(${coupons.endsAt} IS NULL OR ${coupons.endsAt} > ${at.toISOString()}::timestamptz)`,
          ),
        )
        .returning()
      // Deactivated, expired or sold out since the quote: the one answer for an unusable code.
      if (!held) throw unusableCoupon()
      // Edited between the quote and now: the buyer must see the new discount before paying.
      if (held.type !== coupon.type || held.value !== coupon.value) {
        throw new AppError('conflict', 'O cupom foi alterado: aplique-o de novo')
      }
      if (held.maxUsesPerEmail !== null || held.maxUses !== null) {
        // The uses this e-mail holds now (pending and paid orders), read after the row lock.
        const mine = await tx
          .select({ orderId: couponUses.orderId })
          .from(couponUses)
          .where(
            and(
              eq(couponUses.couponId, coupon.id),
              eq(couponUses.email, order.email.toLowerCase()),
              isNull(couponUses.releasedAt),
            ),
          )
        if (held.maxUsesPerEmail !== null && mine.length >= held.maxUsesPerEmail) {
          throw new AppError('conflict', COUPON_MESSAGES.perEmail)
        }
        if (held.maxUses !== null && mine.length >= MAX_PENDING_USES_PER_EMAIL) {
          const paid = await deps.paidAmong(
            mine.map((u) => u.orderId),
            tx,
          )
          if (mine.length - paid.size >= MAX_PENDING_USES_PER_EMAIL) {
            throw new AppError('conflict', COUPON_MESSAGES.pendingHeld)
          }
        }
      }
      await tx.insert(couponUses).values({
        couponId: coupon.id,
        orderId: order.id,
        email: order.email.toLowerCase(),
        discountCents: quote.discountCents,
        totalCents: order.totalCents,
      })
    },

    personalData: couponPersonalData(db),
    orderEffects: couponOrderEffects(),
  }
}

export type CouponsService = ReturnType<typeof createCouponsService>
