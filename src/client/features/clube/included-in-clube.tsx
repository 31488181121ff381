import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useHydrated } from '../../lib/use-hydrated'
import { productPlansQuery } from './clube.api'

/** 'Incluso no clube {nome}' on a product's page, linking to /clube. */
export function IncludedInClube({ productId }: { productId: number }) {
  // Shown once the page is the browser's, as usePlansOnSale: the server draws none.
  const hydrated = useHydrated()
  const { data } = useQuery(productPlansQuery(productId))
  if (!hydrated || !data?.length) return null
  return (
    <p className="mt-2 text-sm font-semibold text-purple-800" data-testid="included-in-clube">
      {data.map((plan, i) => (
        <span key={plan.id}>
          {i > 0 ? ' · ' : ''}
          <Link href="/clube" className="underline">
            Incluso no clube {plan.name}
          </Link>
        </span>
      ))}
    </p>
  )
}
