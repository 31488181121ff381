// First: schemas built by the imports below must see it.
import './lib/zod-jitless'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { drawnAddressOf } from '../contracts/page-data'
import { App, preloadFooter } from './app'
import { bestsellersQuery } from './features/catalog/catalog.api'
import { replayHeldTaps } from './lib/held-taps'
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
// footer's, are loaded first, so a tap anywhere on the page finds its code there and React can
// take that part over at once.
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
    return createRoot(root).render(app)
  }
  // In a transition, React takes the page over a few milliseconds at a time, yielding to the
  // phone between them, instead of in one long task (the page is already on screen); what is
  // below the first screen sits behind its own Suspense boundary and is taken over later, a
  // tapped part first. A page that does not hydrate as drawn is an error, said in the console,
  // where the browser journeys look for it (e2e/hydration.test.ts).
  startTransition(() => {
    hydrateRoot(root, app, {
      // With the component that differed: the production build's message names no component.
      onRecoverableError: (error, info) =>
        console.error('Hidratação falhou:', error, info.componentStack ?? ''),
    })
  })
  // Outside the transition: what a held tap starts is urgent, as a tap is (decision 031).
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
