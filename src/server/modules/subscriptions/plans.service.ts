import type { EventRaiser } from '../../kernel/events.js'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Product } from '../../../contracts/products.js'
import {
  PlanInput,
  type AdminPlan,
  type PlanGrants,
  type PublicPlan,
} from '../../../contracts/subscriptions.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { parseOrThrow } from '../../lib/parse-or-throw.js'
import type { SettingsService } from '../settings/settings.service.js'
import { hashOf, type PlanImages } from './plan-image.service.js'
import { plans, subscriptions } from './subscriptions.tables.js'

export type PlanRow = typeof plans.$inferSelect

/** Statuses whose subscription still opens the plan's materials or will be charged again. */
export const LIVE_STATUSES = ['ativa', 'em_atraso', 'cancelada'] as const

const NEW_FOR_MS = 30 * 24 * 60 * 60 * 1000
const SAMPLE_SIZE = 6

const planNotFound = () => new AppError('not_found', 'Plano não encontrado')

/**
 * The products a plan opens among those on sale: every paid product, those of its categories,
 * or its list. Kits are left out (their contents are products of their own) and so are free
 * materials (anyone downloads them); a plan never grants another plan, since plans are not
 * products.
 */
export function grantedProducts(grants: PlanGrants, onSale: Product[]): Product[] {
  const sellable = onSale.filter((p) => !p.isFree && p.bundleProductIds.length === 0)
  if ('all' in grants) return sellable
  if ('categories' in grants) {
    const wanted = new Set(grants.categories)
    return sellable.filter((p) => wanted.has(p.category))
  }
  const listed = new Set(grants.productIds)
  return sellable.filter((p) => listed.has(p.id))
}

/** A yearly price over 12, rounded down to the centavo: the page never shows more than it is. */
export const monthlyCents = (plan: Pick<PlanRow, 'priceCents' | 'interval'>) =>
  plan.interval === 'year' ? Math.floor(plan.priceCents / 12) : plan.priceCents

/**
 * The clube's plans (the admin's 'Clube' tab and the public `/clube`): what each costs per
 * interval and what it opens. The price a subscriber pays is the subscriptions service's: a
 * change here reaches her from a later cycle, after she is told (`plan.price_changed`).
 */
export function createPlansService(deps: {
  db: Db
  settings: SettingsService
  /** The catalogue on sale now (in memory): what a plan opens is worked out from it. */
  onSale: () => Promise<Product[]>
  /** The covers uploaded in the Clube tab (plan-image.service.ts). */
  images: PlanImages
  now: () => Date
  /** `plan.price_changed` is raised here: its subscribers are told before it is charged. */
  events: Pick<EventRaiser, 'raise'>
}) {
  const { db } = deps

  async function find(id: number): Promise<PlanRow> {
    const [row] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, id), isNull(plans.deletedAt)))
    if (!row) throw planNotFound()
    return row
  }

  async function subscriberCounts(): Promise<Map<number, number>> {
    const rows = await db
      .select({ planId: subscriptions.planId, n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(inArray(subscriptions.status, [...LIVE_STATUSES, 'pausada']))
      .groupBy(subscriptions.planId)
    return new Map(rows.map((r) => [r.planId, Number(r.n)]))
  }

  async function adminView(rows: PlanRow[]): Promise<AdminPlan[]> {
    const [counts, onSale] = await Promise.all([subscriberCounts(), deps.onSale()])
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      price: centsToDecimal(p.priceCents),
      interval: p.interval,
      grants: p.grants,
      downloadsPerMaterial: p.downloadsPerMaterial,
      isActive: p.isActive,
      imageUrl: p.imageUrl,
      subscribers: counts.get(p.id) ?? 0,
      materials: grantedProducts(p.grants, onSale).length,
    }))
  }

  async function valuesOf(body: unknown) {
    const input = parseOrThrow(PlanInput, body ?? {}, 'plan')
    return {
      name: input.name,
      description: input.description,
      priceCents: input.price,
      interval: input.interval,
      grants: input.grants,
      downloadsPerMaterial:
        input.downloadsPerMaterial ?? (await deps.settings.get('max_downloads')),
      isActive: input.isActive,
      imageUrl: input.imageUrl ?? null,
    }
  }

  const live = () => isNull(plans.deletedAt)

  /** A stored cover no plan (deleted ones included: their history) shows any more goes. */
  async function forgetUnused(address: string | null) {
    if (!hashOf(address)) return
    const [still] = await db
      .select({ id: plans.id })
      .from(plans)
      .where(eq(plans.imageUrl, address!))
      .limit(1)
    if (!still) await deps.images.forget(address)
  }

  return {
    find,

    /** Every plan not deleted, including those hidden (by id: the order they were made). */
    async all(): Promise<PlanRow[]> {
      return db.select().from(plans).where(live()).orderBy(asc(plans.id))
    },

    async list(): Promise<AdminPlan[]> {
      return adminView(await db.select().from(plans).where(live()).orderBy(asc(plans.id)))
    },

    async create(body: unknown): Promise<AdminPlan> {
      const [row] = await db
        .insert(plans)
        .values(await valuesOf(body))
        .returning()
      return (await adminView([row!]))[0]!
    },

    /** A new price is told to each subscriber before it is charged (`plan.price_changed`). */
    async update(id: number, body: unknown): Promise<AdminPlan> {
      const before = await find(id)
      const values = await valuesOf(body)
      const [row] = await db
        .update(plans)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(plans.id, id))
        .returning()
      if (row!.priceCents !== before.priceCents)
        await deps.events.raise('plan.price_changed', { plan: row! })
      if (row!.imageUrl !== before.imageUrl) await forgetUnused(before.imageUrl)
      return (await adminView([row!]))[0]!
    },

    /** POST /api/admin/plans/:id/image: the plan's cover, shown on /clube. */
    async uploadImage(id: number, bytes: Buffer, fileName: string): Promise<AdminPlan> {
      const before = await find(id)
      const address = await deps.images.store(bytes, fileName)
      const [row] = await db
        .update(plans)
        .set({ imageUrl: address, updatedAt: sql`now()` })
        .where(eq(plans.id, id))
        .returning()
      if (before.imageUrl !== address) await forgetUnused(before.imageUrl)
      return (await adminView([row!]))[0]!
    },

    /** A cover's bytes for GET /api/plans/image/:hash, or null. */
    readImage: (hash: string) => deps.images.read(hash),

    /** Deleted outright without history; hidden (deleted_at) once someone subscribed. */
    async remove(id: number): Promise<{ deleted: boolean }> {
      await find(id)
      const [used] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.planId, id))
        .limit(1)
      if (used) {
        const [live] = await db
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(eq(subscriptions.planId, id), inArray(subscriptions.status, LIVE_STATUSES)))
          .limit(1)
        if (live) {
          throw new AppError(
            'conflict',
            'Este plano tem assinantes ativos: desative-o (ninguém novo assina) e ele some quando as assinaturas acabarem.',
          )
        }
        await db
          .update(plans)
          .set({ deletedAt: sql`now()`, isActive: false })
          .where(eq(plans.id, id))
      } else {
        const [gone] = await db.delete(plans).where(eq(plans.id, id)).returning()
        await forgetUnused(gone?.imageUrl ?? null)
      }
      return { deleted: true }
    },

    /** GET /api/plans: active plans, what each opens (count and a sample, newest first). */
    async publicList(): Promise<PublicPlan[]> {
      const rows = await db
        .select()
        .from(plans)
        .where(and(live(), eq(plans.isActive, true)))
        .orderBy(asc(plans.priceCents), asc(plans.id))
      const onSale = await deps.onSale()
      const newSince = deps.now().getTime() - NEW_FOR_MS
      return rows.map((p) => {
        const opened = grantedProducts(p.grants, onSale).sort(
          (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
        )
        const isNew = (product: Product) => Date.parse(product.createdAt) >= newSince
        return {
          id: p.id,
          name: p.name,
          description: p.description,
          price: centsToDecimal(p.priceCents),
          interval: p.interval,
          monthlyPrice: centsToDecimal(monthlyCents(p)),
          imageUrl: p.imageUrl,
          downloadsPerMaterial: p.downloadsPerMaterial,
          materialsCount: opened.length,
          newCount: opened.filter(isNew).length,
          sample: opened.slice(0, SAMPLE_SIZE).map((product) => ({
            id: product.id,
            name: product.name,
            imageUrl: product.imageUrl,
            isNew: isNew(product),
          })),
        }
      })
    },

    /** The active plans that open this product (its page says 'Incluso no clube …'). */
    async includingProduct(productId: number): Promise<{ id: number; name: string }[]> {
      const onSale = await deps.onSale()
      const product = onSale.find((p) => p.id === productId)
      if (!product) return []
      const rows = await db
        .select()
        .from(plans)
        .where(and(live(), eq(plans.isActive, true)))
        .orderBy(asc(plans.id))
      return rows
        .filter((p) => grantedProducts(p.grants, [product]).length > 0)
        .map((p) => ({ id: p.id, name: p.name }))
    },
  }
}

export type PlansService = ReturnType<typeof createPlansService>
