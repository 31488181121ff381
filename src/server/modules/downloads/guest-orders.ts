import { eq } from 'drizzle-orm'
import {
  NOTHING_FOUND_MESSAGE,
  type GuestCredentials,
  type GuestPurchasesAnswer,
} from '../../../contracts/downloads.js'
import type { Db } from '../../db/client.js'
import { orders } from '../../db/schema.js'
import { sameWhatsapp } from '../../lib/phone.js'
import type { CustomerService } from '../customer/customer.service.js'

const digits = (s: string) => s.replace(/\D/g, '')

/**
 * The buyer's WhatsApp against the order's. Brazilian numbers compare normalised (country code
 * and formatting optional); a number the normaliser does not know (abroad) must match digit for
 * digit, and an order without a number never matches.
 */
export function whatsappMatches(given: string, stored: string): boolean {
  if (sameWhatsapp(given, stored)) return true
  const a = digits(given)
  return a.length >= 8 && a === digits(stored)
}

/** The orders a guest proves are theirs: placed with this e-mail and this WhatsApp. */
export async function guestOrderIds(db: Db, credentials: GuestCredentials): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id, whatsapp: orders.customerWhatsapp })
    .from(orders)
    .where(eq(orders.customerEmail, credentials.email))
  return rows.filter((row) => whatsappMatches(credentials.whatsapp, row.whatsapp)).map((r) => r.id)
}

/**
 * POST /api/guest-purchases. A wrong e-mail and a wrong WhatsApp answer exactly alike, so the
 * lookup cannot tell a stranger which e-mails bought here.
 */
export async function findGuestPurchases(
  db: Db,
  customer: CustomerService,
  credentials: GuestCredentials,
): Promise<GuestPurchasesAnswer> {
  const orderIds = await guestOrderIds(db, credentials)
  if (orderIds.length === 0) {
    return {
      success: false,
      purchases: [],
      orders: [],
      canvaLinks: [],
      message: NOTHING_FOUND_MESSAGE,
    }
  }
  const [purchases, found] = await Promise.all([
    customer.purchasesOfOrders(orderIds),
    customer.ordersByIds(orderIds),
  ])
  const canvaLinks = await customer.canvaLinksOfPurchases(purchases.map((p) => p.id))
  return {
    success: true,
    purchases: purchases.map((p) => ({ ...p, externalLink: p.product.externalLink })),
    orders: found,
    canvaLinks,
    message:
      purchases.length > 0
        ? `${purchases.length} ${purchases.length === 1 ? 'material encontrado' : 'materiais encontrados'}`
        : 'Pedido encontrado, mas o pagamento ainda não foi confirmado.',
  }
}
