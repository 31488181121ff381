import { useQuery } from '@tanstack/react-query'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { downloadsQuery } from '../admin.queries'

/** Per product: how many purchases, how many downloads of them. */
export function DownloadsTab() {
  const { data, error, isPending, refetch } = useQuery(downloadsQuery())
  return (
    <Panel title="Downloads">
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-gray-600">Nenhum download ainda.</p>
      ) : (
        <div className="-mx-4 overflow-x-auto px-4">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <thead className="text-gray-500">
              <tr>
                <th scope="col" className="py-2 pr-2 font-semibold">
                  Produto
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-semibold">
                  Compras
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Downloads
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-purple-100">
              {data.map((row) => (
                <tr key={row.productId}>
                  <td className="py-2 pr-2">
                    {row.productName}{' '}
                    <span className="text-xs text-gray-500">#{row.productId}</span>
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums">{row.totalPurchases}</td>
                  <td className="py-2 text-right tabular-nums">{row.totalDownloads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  )
}
