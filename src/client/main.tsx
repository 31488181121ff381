// First: schemas built by the imports below must see it.
import './lib/zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { bestsellersQuery } from './features/catalog/catalog.queries'
import { queryClient } from './lib/query-client'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('Elemento #root ausente em index.html')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

window.addEventListener('load', () => {
  // Best sellers are below the fold: fetch them once the page has settled (SPEC.md section 7).
  setTimeout(() => void queryClient.prefetchQuery(bestsellersQuery()), 100)
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No offline shell; the store works the same without it.
    })
  }
})
