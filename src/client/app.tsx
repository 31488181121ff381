import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { hasPendingOrder } from './features/checkout/pending-order-key'
import { FavoriteButton } from './features/favorites/favorite-button'
import { Header } from './features/layout/header'
import { CardActionContext, type CardAction } from './lib/card-action'
import { queryClient } from './lib/query-client'
import { preloadable } from './lib/preloadable'
import { useHydrated } from './lib/use-hydrated'
import { AppRoutes } from './routes'
import { useCurrentToast } from './ui/toast-store'

/**
 * A new page starts at the top, unless the link aims at an #anchor. Not the page she arrived
 * on: the browser placed it, and she may have scrolled it before the scripts took it over; a
 * jump back to the top then moved the button under her thumb, and her tap landed elsewhere.
 */
function ScrollToTop() {
  const [location] = useLocation()
  const arrival = useRef(location)
  useEffect(() => {
    if (location === arrival.current) return
    arrival.current = ''
    if (!window.location.hash) window.scrollTo(0, 0)
  }, [location])
  return null
}

// The background payment check (and its dialog) is fetched once this browser has an order
// waiting for payment: looked for at start and at every page change (checkout saves it).
const PaymentWatcher = lazy(() =>
  import('./features/checkout/payment-watcher').then((m) => ({ default: m.PaymentWatcher })),
)

function LazyPaymentWatcher() {
  useLocation() // rendered again at every page change
  const [wanted, setWanted] = useState(false)
  // Not while hydrating: the server draws no watcher (it has no localStorage), so neither may
  // the render that takes its markup over.
  const hydrated = useHydrated()
  if (hydrated && !wanted && hasPendingOrder()) setWanted(true)
  return wanted ? (
    <Suspense fallback={null}>
      <PaymentWatcher />
    </Suspense>
  ) : null
}

// The footer is below every page's first screen: its code comes after the first paint (and
// before the page is taken over, main.tsx: its form then works from the first tap).
const Footer = preloadable(() =>
  import('./features/layout/footer').then((m) => ({ default: m.Footer })),
)
export const preloadFooter = () => Footer.preload()

// Radix's toast is fetched with the first message: most visits show none.
const Toaster = lazy(() => import('./ui/toaster').then((m) => ({ default: m.Toaster })))

function LazyToaster() {
  const message = useCurrentToast()
  const [wanted, setWanted] = useState(false)
  if (message && !wanted) setWanted(true)
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

/** Every product card's heart: the catalogue draws cards without knowing of 'Favoritos'. */
const heartOf: CardAction = (productId) => <FavoriteButton productId={productId} />

/** The store; the server renderer (entry-server.tsx) hands it a cache of the page's own. */
export function App({ client = queryClient }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <CardActionContext value={heartOf}>
        <ScrollToTop />
        <LazyPaymentWatcher />
        <a
          href="#conteudo"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-purple-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Pular para o conteúdo
        </a>
        <div className="flex min-h-dvh flex-col">
          <Header />
          <main id="conteudo" className="flex-1">
            <AppRoutes />
          </main>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </div>
        <LazyToaster />
      </CardActionContext>
    </QueryClientProvider>
  )
}
