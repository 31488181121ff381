import { centsToDecimal } from '../../../contracts/money.js'
import type { CustomerOrder, CustomerPurchase } from '../../../contracts/customer.js'
import type { OrderSummary } from '../../../contracts/checkout.js'
import {
  NOTHING_FOUND_MESSAGE,
  type GuestCredentials,
  type GuestPurchasesAnswer,
} from '../../../contracts/downloads.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import type { CanvaLinksService } from '../canva/canva-links.service.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { OrdersService } from '../orders/orders.service.js'
import type { ProductsService } from '../products/products.service.js'
import type { RefundsService } from '../refunds/refunds.service.js'
import type { InvoicesService } from '../invoices/invoices.service.js'
import type { BnccService } from '../bncc/bncc.service.js'
import { bySchoolOrder, type SkillsReportItem } from '../../../contracts/skills-report.js'

/**
 * A buyer's own purchases, orders and template links, put together from the modules that keep
 * them. A logged-in customer's are found by the account's id only, never by e-mail: anyone may
 * sign up with any address, so an e-mail match alone must not reveal a guest's purchases (those
 * are reached by e-mail plus WhatsApp, in `guestPurchases`, or by an inbox proved with a code
 * or an e-mailed link, in `purchasesOfEmail`).
 */
export function createCustomerService(deps: {
  purchases: Pick<PurchasesService, 'liveOf'>
  products: Pick<ProductsService, 'summaries'>
  orders: Pick<OrdersService, 'summariesOf' | 'guestOrderIds' | 'orderIdsOfEmail'>
  canvaLinks: Pick<CanvaLinksService, 'linksOf' | 'openPathsOf'>
  refunds: Pick<RefundsService, 'infoOf'>
  invoices: Pick<InvoicesService, 'ofOrders'>
  bncc: Pick<BnccService, 'skillByCode'>
  limiter: RateLimiter
}) {
  const { purchases, products, orders, canvaLinks, limiter } = deps

  /**
   * The orders with their refund state. `canRequest`: this browser may ask a refund of them
   * (an account, or an inbox proved by a code or link); a look-up by e-mail and WhatsApp only
   * shows them.
   */
  async function withRefunds(list: OrderSummary[], canRequest: boolean): Promise<CustomerOrder[]> {
    const ids = list.map((o) => o.id)
    const [info, notas] = await Promise.all([
      deps.refunds.infoOf(ids, canRequest),
      deps.invoices.ofOrders(ids),
    ])
    return list.map((o) => {
      const refund = info.get(o.id) ?? { status: null, requestableUntil: null }
      // The store's own key: the money goes back by hand, so the buyer is not told it is done.
      const toSend = refund.status === 'return_money'
      return {
        ...o,
        refundStatus: toSend ? 'to_send' : o.refundStatus,
        refund,
        invoice: notas.get(o.id) ?? null,
      }
    })
  }

  async function purchasesOf(
    owner: { userId: string } | { orderIds: string[] },
  ): Promise<CustomerPurchase[]> {
    const live = await purchases.liveOf(owner)
    const [summaries, canvaPaths] = await Promise.all([
      products.summaries([...new Set(live.map((p) => p.productId))]),
      // A Canva template opens through the store's address, never Canva's own.
      canvaLinks.openPathsOf(live.map((p) => p.id)),
    ])
    return live.flatMap((purchase) => {
      const product = summaries.get(purchase.productId)
      if (!product) return []
      return [
        {
          id: purchase.id,
          productId: product.id,
          orderId: purchase.orderId,
          product: {
            name: product.name,
            description: product.description,
            price: centsToDecimal(product.priceCents),
            imageUrl: product.imageUrl,
            externalLink: canvaPaths.get(purchase.id) ?? product.externalLink,
          },
          downloadCount: purchase.downloadCount,
          maxDownloads: purchase.maxDownloads,
          files: product.files,
          createdAt: purchase.createdAt.toISOString(),
        },
      ]
    })
  }

  /** What a guest sees of these orders: their live purchases, the orders, the Canva links. */
  async function guestAnswer(
    orderIds: string[],
    canRequest: boolean,
  ): Promise<GuestPurchasesAnswer> {
    if (orderIds.length === 0) {
      return {
        success: false,
        purchases: [],
        orders: [],
        canvaLinks: [],
        message: NOTHING_FOUND_MESSAGE,
      }
    }
    const [found, summaries] = await Promise.all([
      purchasesOf({ orderIds }),
      orders.summariesOf({ orderIds }),
    ])
    const links = await canvaLinks.linksOf({ purchaseIds: found.map((p) => p.id) })
    return {
      success: true,
      purchases: found.map((p) => ({ ...p, externalLink: p.product.externalLink })),
      orders: await withRefunds(summaries, canRequest),
      canvaLinks: links,
      message:
        found.length > 0
          ? `${found.length} ${found.length === 1 ? 'material encontrado' : 'materiais encontrados'}`
          : 'Pedido encontrado, mas o pagamento ainda não foi confirmado.',
    }
  }

  /**
   * 'Relatório de habilidades': the skills of the materials she may download now (the same
   * live purchases as her library), each with those materials; codes the BNCC data no longer
   * holds are left out rather than shown without their official text.
   */
  async function skillsOf(
    owner: { userId: string } | { email: string },
  ): Promise<SkillsReportItem[]> {
    const live = await purchases.liveOf(
      'userId' in owner ? owner : { orderIds: await orders.orderIdsOfEmail(owner.email) },
    )
    const summaries = await products.summaries([...new Set(live.map((p) => p.productId))])
    const skills = new Map<string, SkillsReportItem>()
    const byName = [...summaries.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    for (const product of byName) {
      for (const code of new Set(product.bncc)) {
        let item = skills.get(code)
        if (!item) {
          const skill = deps.bncc.skillByCode(code)
          if (!skill) continue
          item = { ...skill, products: [] }
          skills.set(code, item)
        }
        item.products.push({ id: product.id, name: product.name })
      }
    }
    return [...skills.values()].sort(bySchoolOrder)
  }

  return {
    purchasesOf: (userId: string) => purchasesOf({ userId }),
    skillsOf,
    ordersOf: async (userId: string) => withRefunds(await orders.summariesOf({ userId }), true),
    canvaLinksOf: (userId: string) => canvaLinks.linksOf({ userId }),

    /**
     * POST /api/guest-purchases. A wrong e-mail and a wrong WhatsApp answer exactly alike, so
     * the look-up cannot tell a stranger which e-mails bought here; only failures count
     * against the IP.
     */
    async guestPurchases(credentials: GuestCredentials, ip: string): Promise<GuestPurchasesAnswer> {
      await limiter.consume(RATE_LIMITS.guestLookup, ip)
      const orderIds = await orders.guestOrderIds(credentials)
      if (orderIds.length > 0) await limiter.refund(RATE_LIMITS.guestLookup, ip)
      return guestAnswer(orderIds, false)
    },

    /** The same answer for a browser that proved it holds `email` (a code or an e-mailed link). */
    async purchasesOfEmail(email: string): Promise<GuestPurchasesAnswer> {
      return guestAnswer(await orders.orderIdsOfEmail(email), true)
    },
  }
}

export type CustomerService = ReturnType<typeof createCustomerService>
