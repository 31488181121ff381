import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { PaymentWatcher } from './features/checkout/payment-watcher'
import { Footer } from './features/layout/footer'
import { Header } from './features/layout/header'
import { queryClient } from './lib/query-client'
import { AppRoutes } from './routes'
import { Toaster } from './ui/toaster'

/** A new page starts at the top, unless the link aims at an #anchor. */
function ScrollToTop() {
  const [location] = useLocation()
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0)
  }, [location])
  return null
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTop />
      <PaymentWatcher />
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
        <Footer />
      </div>
      <Toaster />
    </QueryClientProvider>
  )
}
