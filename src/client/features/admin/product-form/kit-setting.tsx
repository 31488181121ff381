import { useQuery } from '@tanstack/react-query'
import {
  centsToDecimal,
  decimalToCents,
  formatBRL,
  formatDecimalBRL,
} from '../../../../contracts/money'
import { bumpPriceMessage } from '../../../../contracts/product-form'
import { Spinner } from '../../../ui/spinner'
import { lightProductsQuery } from '../admin.queries'
import type { ProductFormValues, SetValue } from './form-values'

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

/** A starting offer below the product's price (80%, in cents): she adjusts it. */
function suggestedOffer(price: string): string {
  const cents = Math.floor((decimalToCents(price) ?? 0) * 0.8)
  return centsToDecimal(cents).replace('.', ',')
}

/** 'Ofertas no checkout': up to 3 other products offered with this one at a special price. */
export function BumpSetting({ values, set }: { values: ProductFormValues; set: SetValue }) {
  const products = useQuery(lightProductsQuery())
  const bumps = values.orderBumps
  const update = (index: number, patch: Partial<(typeof bumps)[number]>) =>
    set(
      'orderBumps',
      bumps.map((b, i) => (i === index ? { ...b, ...patch } : b)),
    )
  const free = (products.data ?? []).filter((p) => !bumps.some((b) => b.productId === p.id))
  return (
    <details
      open={bumps.length > 0}
      className="rounded-xl border-2 border-amber-200 bg-amber-50/50 p-3"
      data-testid="bump-setting"
    >
      <summary className="cursor-pointer text-sm font-semibold text-gray-900">
        Ofertas no checkout {bumps.length ? `(${bumps.length})` : '(opcional)'}
      </summary>
      <p className="mt-1 text-xs text-gray-600">
        Quem compra este produto vê, no checkout, até 3 outros materiais por um preço especial, com
        um toque para adicionar ao mesmo PIX.
      </p>
      <ul className="mt-2 space-y-2">
        {bumps.map((bump, index) => {
          const offered = (products.data ?? []).find((p) => p.id === bump.productId)
          const offerCents = decimalToCents(bump.offerPrice)
          const tooHigh =
            offered !== undefined &&
            offerCents !== null &&
            offerCents >= (decimalToCents(offered.price) ?? 0)
          return (
            <li key={index} className="flex flex-wrap items-end gap-2 rounded-lg bg-white p-2">
              <label className="w-full text-xs font-semibold text-gray-700">
                Produto oferecido
                <select
                  value={bump.productId}
                  onChange={(e) => update(index, { productId: Number(e.target.value) })}
                  className="mt-1 block h-11 w-full rounded-lg border-2 border-purple-100 bg-white px-2 text-base"
                >
                  {(products.data ?? [])
                    .filter((p) => p.id === bump.productId || free.includes(p))
                    .map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name} ({formatDecimalBRL(p.price)})
                      </option>
                    ))}
                </select>
              </label>
              {offered && (
                <p data-testid="bump-product-price" className="w-full text-xs text-gray-700">
                  Preço normal de {offered.name}: <strong>{formatDecimalBRL(offered.price)}</strong>
                </p>
              )}
              <label className="min-w-0 flex-1 text-xs font-semibold text-gray-700">
                Preço da oferta
                <input
                  inputMode="decimal"
                  value={bump.offerPrice}
                  aria-invalid={tooHigh || undefined}
                  aria-describedby={tooHigh ? `bump-price-${index}` : undefined}
                  onChange={(e) => update(index, { offerPrice: e.target.value })}
                  className="mt-1 block h-11 w-full rounded-lg border-2 border-purple-100 px-2 text-base"
                />
              </label>
              <button
                type="button"
                onClick={() =>
                  set(
                    'orderBumps',
                    bumps.filter((_, i) => i !== index),
                  )
                }
                className="h-11 rounded-lg px-2 text-sm font-semibold text-purple-700 hover:bg-purple-50"
              >
                Remover
              </button>
              {tooHigh && offered && (
                <p
                  id={`bump-price-${index}`}
                  role="alert"
                  className="w-full text-xs font-semibold text-red-700"
                >
                  {bumpPriceMessage(offered.name, decimalToCents(offered.price) ?? 0)}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      {bumps.length < 3 && free.length > 0 ? (
        <button
          type="button"
          onClick={() =>
            set('orderBumps', [
              ...bumps,
              { productId: free[0]!.id, offerPrice: suggestedOffer(free[0]!.price) },
            ])
          }
          className="mt-2 h-10 rounded-lg border-2 border-amber-300 bg-white px-3 text-sm font-semibold text-amber-900"
        >
          + Adicionar oferta
        </button>
      ) : null}
    </details>
  )
}
