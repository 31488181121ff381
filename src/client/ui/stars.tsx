import { cn } from '../lib/cn'

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z'

/**
 * Five stars filled to `value` (halves shown by a clipped star). The number is read by screen
 * readers from the label; the drawing is decoration.
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  const label = `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} de 5 estrelas`
  return (
    <span role="img" aria-label={label} className={cn('inline-flex gap-0.5', className)}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i))
        return (
          <svg key={i} viewBox="0 0 20 20" aria-hidden="true" className="size-[1em]">
            <path d={STAR_PATH} className="fill-gray-300" />
            {fill > 0 ? (
              <path
                d={STAR_PATH}
                className="fill-amber-400"
                style={fill < 1 ? { clipPath: `inset(0 ${(1 - fill) * 100}% 0 0)` } : undefined}
              />
            ) : null}
          </svg>
        )
      })}
    </span>
  )
}

/** "4,5 (12)" beside the stars: the average and how many approved reviews. */
export function RatingLine({
  average,
  count,
  className,
}: {
  average: number
  count: number
  className?: string
}) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm text-gray-700', className)}>
      <Stars value={average} className="text-base" />
      <span className="font-semibold">
        {average.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
      </span>
      <span className="text-gray-500">
        ({count} {count === 1 ? 'avaliação' : 'avaliações'})
      </span>
    </span>
  )
}
