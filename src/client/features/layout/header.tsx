import { Link } from 'wouter'
import { AuthButton } from './auth-button'
import { CartButton } from './cart-button'
import { SecurityBadge } from './security-badge'
import { SocialLinks } from './social-links'

export function Header() {
  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur">
      <div className="bg-purple-900 text-xs text-purple-50">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-1.5">
          <SecurityBadge />
          <SocialLinks />
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2.5">
        <Link
          href="/"
          className="flex min-w-0 items-center gap-2 rounded-lg focus-visible:outline-3 focus-visible:outline-purple-500"
        >
          <span aria-hidden="true" className="text-2xl">
            🍎
          </span>
          <span className="min-w-0 text-[15px] leading-tight font-extrabold sm:text-lg">
            <span className="block text-purple-800 sm:inline">Materiais </span>
            <span className="block text-pink-600 sm:inline">Pedagógicos</span>
          </span>
        </Link>
        <nav aria-label="Conta e carrinho" className="flex shrink-0 items-center gap-1 sm:gap-2">
          {/* Where a buyer (logged in or not) finds what she bought: always one tap away. */}
          <Link
            href="/meus-materiais"
            data-testid="header-my-materials"
            className="flex h-11 items-center rounded-lg px-1.5 text-center text-xs leading-tight font-semibold text-purple-800 hover:bg-purple-50 focus-visible:outline-3 focus-visible:outline-purple-500 sm:px-3 sm:text-sm"
          >
            <span>
              Meus <br className="sm:hidden" />
              materiais
            </span>
          </Link>
          <AuthButton />
          <CartButton />
        </nav>
      </div>
    </header>
  )
}
