// First: schemas built by the imports below must see it.
import './lib/zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { bestsellersQuery, productKeys } from './features/catalog/catalog.queries'
import { readPageData } from './lib/page-data'
import { queryClient } from './lib/query-client'
import { preloadOtherRoutes, preloadProductPage } from './routes'
import './styles.css'

// The landing's address and referrer, read before any navigation rewrites them; what they
// tell of the visit's source is kept once the page has loaded (lib/attribution.ts, its own chunk).
const landing = { url: window.location.href, referrer: document.referrer }

const root = document.getElementById('root')
if (!root) throw new Error('Elemento #root ausente em index.html')

// A product page arrives drawn by the server, with its product: put it in the cache and load
// the page's code first, so React's first paint is that same page, not a spinner.
const { product, home } = readPageData()
// The home page arrives with its first cards: they show without a second request.
if (home && !/[?&](q|categoria)=/.test(window.location.search)) {
  queryClient.setQueryData(productKeys.catalogPage({ q: '' }, 1), home.page)
  queryClient.setQueryData(productKeys.categories(), home.categories)
}
const ready = product
  ? (queryClient.setQueryData(productKeys.detail(product.id), product),
    preloadProductPage().catch(() => undefined))
  : Promise.resolve()

void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)

window.addEventListener('load', () => {
  void import('./lib/attribution').then((m) => m.captureAttribution(landing.url, landing.referrer))
  // The cookie banner and the ad pixels: their own chunk, after the page (and only if the shop
  // has a pixel).
  void import('./features/consent/consent-entry').then((m) => m.startConsent())
  // Best sellers are below the fold: fetch them once the page has settled (SPEC.md section 7).
  setTimeout(() => void queryClient.prefetchQuery(bestsellersQuery()), 100)
  // The other pages' table, so the first link tapped waits for one chunk, not two.
  setTimeout(() => void preloadOtherRoutes().catch(() => undefined), 1_000)
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No offline shell; the store works the same without it.
    })
  }
})
