import * as accountRoutes from '../../../contracts/api-routes/account.routes'
import type { CustomerPurchase } from '../../../contracts/customer'
import { path } from '../../lib/api'
import { Button } from '../../ui/button'
import { saveLink } from '../downloads/request-download'

type ZipPurchase = Pick<
  CustomerPurchase,
  'id' | 'orderId' | 'files' | 'downloadCount' | 'maxDownloads'
>

/**
 * The orders worth a 'Baixar tudo (ZIP)': two files or more among their materials, each
 * material with a download left (the server refuses the whole ZIP otherwise, counting nothing,
 * so the button is not offered for it).
 */
export function zipOrdersOf(purchases: ZipPurchase[]): { orderId: string; files: number }[] {
  const byOrder = new Map<string, ZipPurchase[]>()
  for (const p of purchases) {
    if (p.files.length > 0) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p])
  }
  return [...byOrder]
    .map(([orderId, list]) => ({
      orderId,
      files: list.reduce((n, p) => n + p.files.length, 0),
      ready: list.every((p) => p.downloadCount < p.maxDownloads),
    }))
    .filter((o) => o.files >= 2 && o.ready)
    .map(({ orderId, files }) => ({ orderId, files }))
}

/** The ZIP counts one download of each material with files: what the list shows at once. */
export function withZipCounted<T extends ZipPurchase>(list: T[], orderId: string): T[] {
  return list.map((p) =>
    p.orderId === orderId && p.files.length > 0 ? { ...p, downloadCount: p.downloadCount + 1 } : p,
  )
}

/**
 * 'Baixar tudo (ZIP)' for each order with several files, in 'Meus materiais' (her account,
 * or a guest's access by code or e-mailed link: both are cookies the link carries). The
 * browser's own downloader fetches the ZIP and streams it to disk: a clube period's can be
 * large, and the page never holds it in memory.
 */
export function OrderZipButtons({
  purchases,
  onStarted,
}: {
  purchases: ZipPurchase[]
  /** The ZIP was asked for: the shown counts follow. */
  onStarted: (orderId: string) => void
}) {
  const orders = zipOrdersOf(purchases)
  if (orders.length === 0) return null
  return (
    <ul className="mt-3 space-y-2" aria-label="Baixar pedidos inteiros">
      {orders.map((order) => (
        <li
          key={order.orderId}
          data-testid="order-zip"
          className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-purple-50 p-3 ring-1 ring-purple-100"
        >
          <span className="text-sm text-purple-900">
            {`Pedido #${order.orderId.slice(0, 8)}: ${order.files} arquivos, um download de cada`}
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              saveLink(
                path(accountRoutes.downloadAll, { id: order.orderId }),
                `pedido-${order.orderId}.zip`,
              )
              onStarted(order.orderId)
            }}
          >
            Baixar tudo (ZIP)
          </Button>
        </li>
      ))}
    </ul>
  )
}
