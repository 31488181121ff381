import { cn } from '../../lib/cn'
import { useFavorites } from './use-favorites'

/**
 * The heart of a product (its card, its page). Drawn un-pressed on the server and until the
 * page is hydrated (use-favorites.ts), so hydration never meets another state.
 */
export function FavoriteButton({
  productId,
  className,
}: {
  productId: number
  className?: string
}) {
  const { has, toggle } = useFavorites()
  const pressed = has(productId)
  return (
    <button
      type="button"
      data-testid="favorite-button"
      aria-pressed={pressed}
      aria-label={pressed ? 'Remover dos favoritos' : 'Favoritar'}
      onClick={(event) => {
        // On a card the heart sits over the product's link: the tap is the heart's alone.
        event.preventDefault()
        event.stopPropagation()
        toggle(productId)
      }}
      className={cn(
        'inline-flex size-11 items-center justify-center rounded-full bg-white/95 shadow-sm ring-1 ring-purple-100 transition hover:bg-pink-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500',
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className={cn(
          'size-6',
          pressed ? 'fill-pink-600 text-pink-600' : 'fill-none text-gray-600',
        )}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.6 3.4 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z" />
      </svg>
    </button>
  )
}
