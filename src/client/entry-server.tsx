// The storefront's server renderer: built by Vite on its own (scripts/build.mjs, dist/ssr) with
// React and the page code inside, and called by the server (modules/web/page-render.ts) to draw a
// page's first screen from the data it already holds. main.tsx hydrates that markup.
import { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { Router } from 'wouter'
import { App } from './app'
import type { RenderPage } from '../contracts/page-data'
import { seedQueries } from './page-data'

/**
 * The page at `url` (path and query) as HTML, for inside #root. `prerender` waits for the lazy
 * parts (the footer, the other pages' table) so the HTML is whole; what the data does not hold
 * (the visitor's cart, her login, best sellers) is drawn as it is while loading, which is how the
 * browser draws it too before its own requests answer.
 */
export const renderPage: RenderPage = async (url, data) => {
  // A cache per page: nothing of one render reaches another; nothing fetches on the server.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  seedQueries(client, data)
  const [path = '/', search = ''] = url.split('?')
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path} ssrSearch={search}>
        <App client={client} />
      </Router>
    </StrictMode>,
    // Every part inline, in order: React would otherwise move a large part to the end of the
    // page and put it in place with an inline script, which the pages' CSP refuses.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
