import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { CustomerPurchase } from '../../../contracts/customer'
import { buttonClasses } from '../../ui/button'
import { purchasesQuery } from './account.api'
import { MaterialCard } from './material-card'
import { OrderZipButtons, withZipCounted } from './order-zip'
import { useClubeGrants } from './subscriptions.api'
import { usePurchaseDownload, withDownloadCounted } from './use-purchase-download'

export function PurchasedMaterials({ purchases }: { purchases: CustomerPurchase[] }) {
  const queryClient = useQueryClient()
  const clubes = useClubeGrants()
  const { queryKey } = purchasesQuery()
  const { download, busyFor, links } = usePurchaseDownload((answer) => {
    // The count falls at once from the answer; the refetch then confirms it.
    queryClient.setQueryData(queryKey, (list) => list && withDownloadCounted(list, answer))
    void queryClient.invalidateQueries({ queryKey })
  })
  return (
    <section aria-labelledby="materiais-titulo" className="mt-8">
      <h2 id="materiais-titulo" className="text-xl font-extrabold text-purple-900">
        Meus materiais
      </h2>
      {purchases.length === 0 ? (
        <div className="mt-3 rounded-2xl border-2 border-dashed border-purple-200 bg-white p-6 text-center">
          <p className="font-semibold text-gray-800">Você ainda não comprou materiais.</p>
          <Link href="/#produtos" className={buttonClasses('primary', 'md', 'mt-4')}>
            Ver materiais
          </Link>
        </div>
      ) : (
        <>
          <OrderZipButtons
            purchases={purchases}
            // Counted from the rule (one download of each material with files), not refetched:
            // a refetch now could reach the server before the ZIP's own request does.
            onStarted={(orderId) =>
              queryClient.setQueryData(queryKey, (list) => list && withZipCounted(list, orderId))
            }
          />
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {purchases.map((purchase) => (
              <MaterialCard
                key={purchase.id}
                item={{
                  ...purchase,
                  ...purchase.product,
                  fileCount: purchase.files.length,
                  clube: clubes.get(purchase.orderId),
                }}
                busy={busyFor(purchase.productId)}
                links={links[purchase.productId]}
                onDownload={() => download({ productId: purchase.productId })}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
