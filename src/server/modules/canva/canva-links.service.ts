import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { canvaOpenPath, type CanvaLinkView } from '../../../contracts/customer.js'
import type {
  AdminCanvaLink,
  CanvaLinkBody,
  CanvaOpenAnswer,
} from '../../../contracts/messaging.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { whatsappMatches } from '../../lib/phone.js'
import type { ReadsOnce } from '../../lib/reads-once.js'
import {
  REVOKED_MESSAGE,
  type PaidOrder,
  type PurchasesService,
} from '../downloads/purchases.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import type { ProductsService } from '../products/products.service.js'
import { canvaLinks } from './canva.tables.js'
import { canvaPersonalData } from './canva-personal-data.js'

/** Who opens a link: the logged-in buyer, or a guest proving it as the guest lookup does. */
/**
 * Who opens a link: an account, a guest with the order's e-mail and WhatsApp, or a guest whose
 * browser proved it holds the order's inbox (`provenEmail`: guest access, by code or link).
 */
export type LinkOpener =
  { userId: string } | { email: string; whatsapp: string } | { provenEmail: string }

const notFound = () => new AppError('not_found', 'Link não encontrado')

/** What a purchased Canva product hands over: its link, or one built from the template id. */
function canvaLinkOf(product: { externalLink: string | null; canvaTemplateId: string | null }) {
  if (product.externalLink) return product.externalLink
  const id = product.canvaTemplateId?.trim()
  if (!id) return null
  return /^https?:\/\//.test(id)
    ? id
    : `https://www.canva.com/design/${encodeURIComponent(id)}/view`
}

/**
 * Canva template links. Paying grants one per purchase of a Canva product (`orderEffects`);
 * the admin lists them and adds a product's template, and the buyer opens theirs. A row
 * without a purchase is a product's template as the admin entered it (see decision 007).
 */
export function createCanvaLinksService(deps: {
  db: Db
  products: Pick<ProductsService, 'deliveries' | 'names' | 'setCanvaDelivery' | 'changed'>
  purchases: Pick<PurchasesService, 'ofOrder' | 'activeOfProduct' | 'find' | 'whileUsable'>
  orders: Pick<OrdersService, 'find'>
}) {
  const { db, products, purchases, orders } = deps

  async function views(where: SQL | undefined) {
    const rows = await db
      .select()
      .from(canvaLinks)
      .where(where)
      .orderBy(desc(canvaLinks.createdAt), desc(canvaLinks.id))
    const ids = rows.flatMap((r) => (r.productId === null ? [] : [r.productId]))
    const names = await products.names([...new Set(ids)])
    return rows.map((link) => {
      const name = link.productId === null ? undefined : names.get(link.productId)
      return { link, product: name === undefined ? null : { name } }
    })
  }

  /**
   * One link per purchase of a product delivered by link; a second grant is a no-op. Answers
   * the links, for the buyer's receipt.
   */
  async function grant(
    tx: Db,
    order: PaidOrder,
    granted: { id: number; productId: number }[],
    once?: ReadsOnce,
  ): Promise<{ productId: number; canvaLinkId: number }[]> {
    if (granted.length === 0) return []
    // Read from the products themselves: a product hidden since the sale still delivers.
    const productIds = [...new Set(granted.map((p) => p.productId))]
    const delivery = await products.deliveries(productIds, tx, once)
    const links = granted.flatMap((purchase) => {
      const product = delivery.find((d) => d.id === purchase.productId)
      const linkUrl = product && canvaLinkOf(product)
      if (!product || !linkUrl) return []
      return [
        {
          productId: product.id,
          purchaseId: purchase.id,
          userId: order.userId,
          customerEmail: order.customerEmail,
          templateId: product.canvaTemplateId,
          linkUrl,
        },
      ]
    })
    if (links.length === 0) return []
    // A second grant of the same purchase inserts nothing: the receipt was sent with the first.
    const rows = await tx
      .insert(canvaLinks)
      .values(links)
      .onConflictDoNothing({ target: canvaLinks.purchaseId })
      .returning({ id: canvaLinks.id, productId: canvaLinks.productId })
    return rows.map((r) => ({ productId: r.productId!, canvaLinkId: r.id }))
  }

  return {
    /** The orders module's effect (orders.service.ts `OrderEffects`), after the purchases'. */
    orderEffects: {
      preparePaid: async () => async (tx: Db, order: PaidOrder, _lines: unknown, once: ReadsOnce) =>
        grant(tx, order, await purchases.ofOrder(tx, order.id, once), once),
      closed: async () => {},
      async claimed(tx: Db, orderIds: string[], userId: string) {
        // One query at a time: a transaction is one connection.
        const granted = []
        for (const id of orderIds) granted.push(...(await purchases.ofOrder(tx, id)))
        if (granted.length === 0) return
        await tx
          .update(canvaLinks)
          .set({ userId })
          .where(
            and(
              inArray(
                canvaLinks.purchaseId,
                granted.map((p) => p.id),
              ),
              isNull(canvaLinks.userId),
            ),
          )
      },
    },

    /** Export and erasure of the links a person's purchases granted (privacy module). */
    personalData: canvaPersonalData(db),

    async list(): Promise<AdminCanvaLink[]> {
      return (await views(undefined)).map(({ link, product }) => ({
        id: link.id,
        productId: link.productId,
        templateId: link.templateId,
        linkUrl: link.linkUrl,
        usedAt: link.usedAt?.toISOString() ?? null,
        createdAt: link.createdAt.toISOString(),
        customerEmail: link.customerEmail,
        product,
      }))
    },

    /** A buyer's links: an account's, or those of the purchases a guest proved theirs. */
    async linksOf(owner: { userId: string } | { purchaseIds: number[] }): Promise<CanvaLinkView[]> {
      if ('purchaseIds' in owner && owner.purchaseIds.length === 0) return []
      const where =
        'userId' in owner
          ? eq(canvaLinks.userId, owner.userId)
          : inArray(canvaLinks.purchaseId, owner.purchaseIds)
      return (await views(where)).map(({ link, product }) => ({
        id: link.id,
        productId: link.productId,
        linkUrl: canvaOpenPath(link.id),
        usedAt: link.usedAt?.toISOString() ?? null,
        product,
      }))
    },

    /**
     * Makes `linkUrl` the product's Canva delivery, in one transaction: the product carries it
     * (future buyers get it when they pay), buyers who paid before it existed get it now, and
     * it replaces the product's previous template entry. Links already granted stay as given.
     */
    async add(body: CanvaLinkBody): Promise<AdminCanvaLink> {
      const templateId = body.templateId || null
      const id = await db.transaction(async (tx) => {
        const found = await products.setCanvaDelivery(tx, body.productId, {
          externalLink: body.linkUrl,
          canvaTemplateId: templateId,
        })
        if (!found) throw new AppError('not_found', 'Produto não encontrado')
        await tx
          .delete(canvaLinks)
          .where(and(eq(canvaLinks.productId, body.productId), isNull(canvaLinks.purchaseId)))
        const [row] = await tx
          .insert(canvaLinks)
          .values({ productId: body.productId, templateId, linkUrl: body.linkUrl })
          .returning({ id: canvaLinks.id })
        const earlier = await purchases.activeOfProduct(tx, body.productId)
        if (earlier.length > 0) {
          await tx
            .insert(canvaLinks)
            .values(
              earlier.map((p) => ({
                productId: p.productId,
                purchaseId: p.id,
                userId: p.userId,
                customerEmail: p.customerEmail,
                templateId,
                linkUrl: body.linkUrl,
              })),
            )
            .onConflictDoNothing({ target: canvaLinks.purchaseId })
        }
        return row!.id
      })
      // The catalogue shows externalLink and canvaTemplateId.
      products.changed()
      return (await this.list()).find((link) => link.id === id)!
    },

    /** The store's address of each of these purchases' granted links, by purchase. */
    async openPathsOf(purchaseIds: number[]): Promise<Map<number, string>> {
      if (purchaseIds.length === 0) return new Map()
      const rows = await db
        .select({ id: canvaLinks.id, purchaseId: canvaLinks.purchaseId })
        .from(canvaLinks)
        .where(inArray(canvaLinks.purchaseId, purchaseIds))
      return new Map(rows.map((r) => [r.purchaseId!, canvaOpenPath(r.id)]))
    },

    /** Whether any of these purchases' links was opened, read in `tx` (a refund's claim). */
    async openedAmong(tx: Db, purchaseIds: number[]): Promise<boolean> {
      if (purchaseIds.length === 0) return false
      const [row] = await tx
        .select({ id: canvaLinks.id })
        .from(canvaLinks)
        .where(and(inArray(canvaLinks.purchaseId, purchaseIds), isNotNull(canvaLinks.usedAt)))
        .limit(1)
      return row !== undefined
    },

    /**
     * Records the opening (its first use, and one more in its count, as a download is counted)
     * and answers
     * the link, to its owner only (others: 404); a link of a refunded or cancelled order is
     * refused (403), like its downloads. Asked again at every opening: nothing is remembered.
     */
    async open(id: number, opener: LinkOpener): Promise<CanvaOpenAnswer> {
      const [link] = await db.select().from(canvaLinks).where(eq(canvaLinks.id, id))
      if (!link || link.purchaseId === null) throw notFound()
      const granted = await purchases.find(link.purchaseId)
      const revoked = () => new AppError('forbidden', REVOKED_MESSAGE)
      let owns: boolean
      if ('userId' in opener) {
        owns = link.userId === opener.userId
      } else {
        const purchase = await purchases.find(link.purchaseId)
        const order = purchase && (await orders.find(purchase.orderId))
        owns =
          !!order &&
          ('provenEmail' in opener
            ? order.customerEmail === opener.provenEmail
            : order.customerEmail === opener.email.toLowerCase() &&
              whatsappMatches(opener.whatsapp, order.customerWhatsapp))
      }
      if (!owns) throw notFound()
      if (!granted || granted.revokedAt !== null) throw revoked()
      // The purchase is locked while the opening is recorded: a refund deciding at the same
      // moment either sees it, or holds the purchase first and this opening is refused.
      const used = await purchases.whileUsable(link.purchaseId, (tx) =>
        tx
          .update(canvaLinks)
          .set({
            usedAt: sql`coalesce(${canvaLinks.usedAt}, now())`,
            openCount: sql`${canvaLinks.openCount} + 1`,
          })
          .where(eq(canvaLinks.id, id))
          .returning({ usedAt: canvaLinks.usedAt }),
      )
      return { linkUrl: link.linkUrl, usedAt: used[0]!.usedAt!.toISOString() }
    },
  }
}

export type CanvaLinksService = ReturnType<typeof createCanvaLinksService>
