import { useQuery } from '@tanstack/react-query'
import { stampFallbackSentence } from '../../../contracts/stamping'
import { stampFallbacksQuery } from './admin.queries'

/**
 * 'N cópias entregues sem carimbo: motivo', one line per reason, for one product.
 * Nothing at all while every copy went out stamped.
 */
export function StampFallbacks({
  productId,
  className,
}: {
  productId: number
  className?: string
}) {
  const { data } = useQuery(stampFallbacksQuery())
  const mine = (data ?? []).filter((f) => f.productId === productId)
  if (mine.length === 0) return null
  return (
    <ul
      data-testid="stamp-fallbacks"
      className={`space-y-0.5 rounded-lg bg-amber-50 px-2 py-1 text-xs text-amber-900 ${className ?? ''}`}
    >
      {mine.map((f) => (
        <li key={f.reason}>⚠️ {stampFallbackSentence(f.count, f.reason)}</li>
      ))}
    </ul>
  )
}
