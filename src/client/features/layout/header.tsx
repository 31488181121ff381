import { Link } from 'wouter'
import { AuthButton } from './auth-button'
import { CartButton } from './cart-button'
import { HeartIcon } from './icons'
import { SecurityBadge } from './security-badge'
import { SocialLinks } from './social-links'
import { StoreMark, useStoreName } from '../settings/store-brand'
import { usePlansOnSale } from '../clube/clube.api'
import { FavoritesSync } from '../favorites/favorites-sync'

export function Header() {
  const storeName = useStoreName()
  const clube = usePlansOnSale().length > 0
  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur">
      <div className="bg-purple-900 text-xs text-purple-50">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-1.5">
          <SecurityBadge />
          {/* Where a buyer (logged in or not) finds what she bought, on every page: in this
              strip, where it fits beside the cart's total on a 390 px phone. */}
          <Link
            href="/meus-materiais"
            data-testid="header-my-materials"
            className="inline-flex min-h-6 shrink-0 items-center rounded-full bg-white/15 px-2.5 font-semibold whitespace-nowrap text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
          >
            Meus materiais
          </Link>
          {clube && (
            <Link
              href="/clube"
              data-testid="header-clube"
              className="inline-flex min-h-6 shrink-0 items-center rounded-full bg-pink-600 px-2.5 font-semibold whitespace-nowrap text-white hover:bg-pink-700 focus-visible:outline-2 focus-visible:outline-white"
            >
              Clube
            </Link>
          )}
          <SocialLinks />
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2.5">
        <Link
          href="/"
          className="flex min-w-0 items-center gap-2 rounded-lg focus-visible:outline-3 focus-visible:outline-purple-500"
        >
          <StoreMark />
          <span
            data-testid="store-name"
            className="line-clamp-2 min-w-0 text-[15px] leading-tight font-extrabold text-purple-800 sm:text-lg"
          >
            {storeName}
          </span>
        </Link>
        <nav aria-label="Conta e carrinho" className="flex shrink-0 items-center gap-2">
          <FavoritesSync />
          <Link
            href="/favoritos"
            data-testid="header-favorites"
            aria-label="Favoritos"
            title="Favoritos"
            className="inline-flex size-10 items-center justify-center rounded-xl text-pink-600 hover:bg-pink-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
          >
            <HeartIcon />
          </Link>
          <AuthButton />
          <CartButton />
        </nav>
      </div>
    </header>
  )
}
