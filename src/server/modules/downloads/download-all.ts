import { AppError } from '../../errors.js'
import type { OrdersService } from '../orders/orders.service.js'
import type { DeliveryFile, ProductsService } from '../products/products.service.js'
import type { StampingService } from '../stamping/stamping.service.js'
import type { PurchasesService } from './purchases.service.js'
import { REFUND_HELD_MESSAGE, REVOKED_MESSAGE } from './refund-hold.js'
import { README_NAME, readmeOf, zipEntryNames } from './zip-entries.js'

const NO_FILES_MESSAGE = 'Este pedido não tem arquivos para baixar: os materiais dele são links.'

/** Who asks for an order's ZIP: her account, or the e-mail her browser's guest access proved. */
export interface ZipAsker {
  userId: string | null
  guestEmail: string | null
  ip: string
}

/** What the route streams: the ZIP's name and its entries, in the order's order. */
export interface OrderZip {
  fileName: string
  entries: { name: string; file: DeliveryFile }[]
  /** LEIA-ME.txt: the materials of the order delivered by a link, not as files. */
  readme: string | null
}

const notFound = () => new AppError('not_found', 'Pedido não encontrado')

/**
 * 'Baixar tudo': one ZIP of an order's files, the stamped copies a single download would give,
 * counted as one download of each material (each purchase with files) in one transaction.
 */
export function downloadAll(deps: {
  products: Pick<ProductsService, 'delivery' | 'files'>
  purchases: Pick<PurchasesService, 'ofOrderFor' | 'spendEach'>
  orders: Pick<OrdersService, 'orderIdsOfEmail'>
  stamping?: Pick<StampingService, 'deliver'>
}) {
  return {
    async zipOf(orderId: string, asker: ZipAsker): Promise<OrderZip> {
      // The same owners as a single download: the account's purchases, or the orders of the
      // e-mail her browser proved (a code, or the receipt's e-mailed link); anyone else: 404.
      const owner = asker.userId
        ? { userId: asker.userId }
        : asker.guestEmail
          ? { orderIds: await deps.orders.orderIdsOfEmail(asker.guestEmail) }
          : null
      if (!owner) throw new AppError('unauthorized', 'Faça login para baixar seus materiais')
      const held = await deps.purchases.ofOrderFor(owner, orderId)
      if (held.length === 0) throw notFound()
      const materials = await Promise.all(
        held.map(async ({ purchase, live }) => ({
          purchase,
          live,
          product: await deps.products.delivery(purchase.productId),
          files: await deps.products.files(purchase.productId),
        })),
      )
      const withFiles = materials.filter((m) => m.files.length > 0)
      if (withFiles.length === 0) throw new AppError('not_found', NO_FILES_MESSAGE)
      const nameOf = (productId: number) =>
        materials.find((m) => m.purchase.productId === productId)?.product?.name ?? 'material'
      const dead = withFiles.find((m) => !m.live)
      if (dead) refuse(dead.purchase, nameOf(dead.purchase.productId))
      const refused = await deps.purchases.spendEach(
        withFiles.map((m) => m.purchase.id),
        asker.ip,
      )
      if (refused) refuse(refused.purchase, nameOf(refused.purchase.productId), refused.reason)

      // A copy not stamped yet is waited for as a single download waits (stamping.deliver:
      // made now within its time limit, else the original, pinned to this purchase), so the
      // ZIP holds exactly the bytes her single downloads of those files give.
      const files: { file: DeliveryFile }[] = []
      for (const m of withFiles) {
        for (const file of m.files) {
          const delivered = deps.stamping
            ? await deps.stamping.deliver({
                purchaseId: m.purchase.id,
                productId: m.purchase.productId,
                file,
              })
            : file
          files.push({ file: delivered })
        }
      }
      const byLink = materials
        .filter((m) => m.product && (m.product.canvaTemplateId || m.product.externalLink))
        .map((m) => ({
          name: m.product!.name,
          canva: Boolean(m.product!.canvaTemplateId),
        }))
      const readme = byLink.length > 0 ? readmeOf(byLink) : null
      const names = zipEntryNames(
        files.map((f) => f.file.fileName),
        readme ? [README_NAME] : [],
      )
      return {
        fileName: `pedido-${orderId}.zip`,
        entries: files.map((f, i) => ({ name: names[i]!, file: f.file })),
        readme,
      }
    },
  }
}

function refuse(
  purchase: { revokedAt: Date | null; refundHeldAt: Date | null },
  name: string,
  reason: 'refused' | 'quota' = 'refused',
): never {
  if (reason === 'quota') {
    throw new AppError(
      'conflict',
      `Limite de downloads atingido para “${name}”: nada foi contado. Baixe os outros materiais um a um.`,
    )
  }
  const why =
    purchase.revokedAt === null && purchase.refundHeldAt !== null
      ? REFUND_HELD_MESSAGE
      : REVOKED_MESSAGE
  throw new AppError('forbidden', `“${name}”: ${why}`)
}
