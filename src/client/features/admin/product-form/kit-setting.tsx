import { useQuery } from '@tanstack/react-query'
import { decimalToCents, formatBRL, formatDecimalBRL } from '../../../../contracts/money'
import { Spinner } from '../../../ui/spinner'
import { lightProductsQuery } from '../admin.queries'
import type { ProductFormValues } from './form-values'
import type { SetValue } from './product-fields'

/**
 * 'Este produto é um kit': the products it includes, each delivered as its own purchase. The
 * sum of their prices is shown beside the kit's, so the owner sees the saving she offers.
 */
export function KitSetting({ values, set }: { values: ProductFormValues; set: SetValue }) {
  const products = useQuery(lightProductsQuery())
  const chosen = values.bundleProductIds
  const list = products.data ?? []
  const sum = list
    .filter((p) => chosen.includes(p.id))
    .reduce((total, p) => total + (decimalToCents(p.price) ?? 0), 0)
  const toggle = (id: number) =>
    set('bundleProductIds', chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id])

  return (
    <details
      open={chosen.length > 0}
      className="rounded-xl border-2 border-purple-100 bg-purple-50/50 p-3"
    >
      <summary className="cursor-pointer text-sm font-semibold text-gray-900">
        Kit: produtos incluídos {chosen.length ? `(${chosen.length})` : '(opcional)'}
      </summary>
      <p className="mt-1 text-xs text-gray-600">
        Quem compra o kit recebe cada produto marcado, com seus próprios downloads. Um kit não pode
        conter outro kit, e não precisa de arquivo próprio.
      </p>
      <div
        className="mt-2 max-h-56 space-y-1 overflow-y-auto rounded-lg bg-white p-2"
        data-testid="kit-products"
      >
        {products.isPending ? (
          <Spinner />
        ) : (
          list.map((p) => (
            <label key={p.id} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-purple-600"
                checked={chosen.includes(p.id)}
                onChange={() => toggle(p.id)}
              />
              <span className="flex-1">{p.name}</span>
              <span className="text-gray-600">{formatDecimalBRL(p.price)}</span>
            </label>
          ))
        )}
      </div>
      {chosen.length > 0 ? (
        <p className="mt-2 text-sm text-gray-800" data-testid="kit-sum">
          Separados custam <strong>{formatBRL(sum)}</strong>
        </p>
      ) : null}
    </details>
  )
}
