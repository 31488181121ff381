// First: schemas built by the imports below must see it.
import './lib/zod-jitless'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { drawnAddressOf } from '../contracts/page-data'
import { App, preloadFooter } from './app'
import { bestsellersQuery } from './features/catalog/catalog.queries'
import { replayHeldTaps } from './lib/held-taps'
import { markHydrated } from './lib/use-hydrated'
import { readPageData, seedQueries } from './page-data'
import { queryClient } from './lib/query-client'
import { preloadOtherRoutes, preloadProductPage } from './routes'
import './styles.css'

// The landing's address and referrer, read before any navigation rewrites them; what they
// tell of the visit's source is kept once the page has loaded (lib/attribution.ts, its own chunk).
const landing = { url: window.location.href, referrer: document.referrer }

const root = document.getElementById('root')
if (!root) throw new Error('Elemento #root ausente em index.html')

// The storefront's pages arrive drawn by the server (entry-server.tsx) with the data they were
// drawn from: that data goes in the cache first, so the first render is the same page and takes
// over the markup instead of drawing it again. The code of a page other than the home, and the
// footer's, are loaded first, so the page is taken over whole, in one pass.
const data = readPageData()
seedQueries(queryClient, data)
const ready = Promise.all([
  window.location.pathname === '/'
    ? undefined
    : data.product
      ? preloadProductPage()
      : preloadOtherRoutes(),
  preloadFooter(),
]).catch(() => undefined)

const app = (
  <StrictMode>
    <App />
  </StrictMode>
)
void ready.then(() => {
  if (data.address !== drawnAddressOf(window.location.pathname, window.location.search)) {
    // Not this address's markup (none, or the offline copy of another page): drawn here.
    root.replaceChildren()
    replayHeldTaps(root)
    createRoot(root).render(app)
    return markHydrated()
  }
  // Preact (decision 032) takes the drawn page over in one pass, keeping its elements and
  // attaching their handlers; the browser journeys compare what the page says before and after
  // (e2e/hydration.test.ts).
  hydrateRoot(root, app)
  markHydrated()
  // What the visitor typed and tapped before now is done now (decision 031).
  replayHeldTaps(root)
})

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
