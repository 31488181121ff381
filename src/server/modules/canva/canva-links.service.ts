import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type {
  AdminCanvaLink,
  CanvaLinkBody,
  CanvaOpenAnswer,
} from '../../../contracts/messaging.js'
import type { Db } from '../../db/client.js'
import { canvaLinks, orders, products, purchases } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import { whatsappMatches } from '../downloads/guest-orders.js'

/** Who opens a link: the logged-in buyer, or a guest proving it as the guest lookup does. */
export type LinkOpener = { userId: string } | { email: string; whatsapp: string }

const notFound = () => new AppError('not_found', 'Link não encontrado')

/**
 * Canva template links. Paying grants one per purchase of a Canva product (grant-purchases.ts);
 * here the admin lists them and adds a product's template, and the buyer opens theirs. A row
 * without a purchase is a product's template as the admin entered it (see decision 007).
 */
export function createCanvaLinksService(deps: { db: Db; catalog: CatalogService }) {
  const { db } = deps

  return {
    async list(): Promise<AdminCanvaLink[]> {
      const rows = await db
        .select({ link: canvaLinks, productName: products.name })
        .from(canvaLinks)
        .leftJoin(products, eq(products.id, canvaLinks.productId))
        .orderBy(desc(canvaLinks.createdAt), desc(canvaLinks.id))
      return rows.map(({ link, productName }) => ({
        id: link.id,
        productId: link.productId,
        templateId: link.templateId,
        linkUrl: link.linkUrl,
        usedAt: link.usedAt?.toISOString() ?? null,
        createdAt: link.createdAt.toISOString(),
        customerEmail: link.customerEmail,
        product: productName === null ? null : { name: productName },
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
        const [product] = await tx
          .update(products)
          .set({ canvaTemplateId: templateId, externalLink: body.linkUrl, updatedAt: sql`now()` })
          .where(and(eq(products.id, body.productId), isNull(products.deletedAt)))
          .returning({ id: products.id })
        if (!product) throw new AppError('not_found', 'Produto não encontrado')
        await tx
          .delete(canvaLinks)
          .where(and(eq(canvaLinks.productId, product.id), isNull(canvaLinks.purchaseId)))
        const [row] = await tx
          .insert(canvaLinks)
          .values({ productId: product.id, templateId, linkUrl: body.linkUrl })
          .returning({ id: canvaLinks.id })
        await tx.execute(sql`
          INSERT INTO canva_links (product_id, purchase_id, user_id, customer_email, template_id, link_url)
          SELECT p.product_id, p.id, p.user_id, p.customer_email, ${templateId}, ${body.linkUrl}
          FROM purchases p JOIN orders o ON o.id = p.order_id
          WHERE p.product_id = ${product.id} AND p.revoked_at IS NULL AND o.status = 'paid'
          ON CONFLICT (purchase_id) DO NOTHING`)
        return row!.id
      })
      // The catalogue shows externalLink and canvaTemplateId.
      deps.catalog.invalidate()
      return (await this.list()).find((link) => link.id === id)!
    },

    /** Records the first use and answers the link, to its owner only (others: 404). */
    async open(id: number, opener: LinkOpener): Promise<CanvaOpenAnswer> {
      const [found] = await db
        .select({ link: canvaLinks, order: orders })
        .from(canvaLinks)
        .leftJoin(purchases, eq(purchases.id, canvaLinks.purchaseId))
        .leftJoin(orders, eq(orders.id, purchases.orderId))
        .where(eq(canvaLinks.id, id))
      if (!found || found.link.purchaseId === null) throw notFound()
      const { link, order } = found
      const owns =
        'userId' in opener
          ? link.userId === opener.userId
          : order !== null &&
            order.customerEmail === opener.email.toLowerCase() &&
            whatsappMatches(opener.whatsapp, order.customerWhatsapp)
      if (!owns) throw notFound()
      const [used] = await db
        .update(canvaLinks)
        .set({ usedAt: sql`coalesce(${canvaLinks.usedAt}, now())` })
        .where(eq(canvaLinks.id, id))
        .returning({ usedAt: canvaLinks.usedAt })
      return { linkUrl: link.linkUrl, usedAt: used!.usedAt!.toISOString() }
    },
  }
}

export type CanvaLinksService = ReturnType<typeof createCanvaLinksService>
