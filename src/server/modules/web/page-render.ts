import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import type { PageData, RenderPage } from '../../../contracts/page-data.js'
import { Lru } from '../../lib/lru.js'

/** Pages kept drawn: the home page per search, products, the clube (bounded: queries vary). */
const KEPT = 256

export interface PageRenderer {
  /** The page's markup for inside #root; '' when there is no renderer or it failed (logged). */
  render(url: string, data: PageData, log: FastifyBaseLogger): Promise<string>
}

/**
 * The storefront's server rendering (decision 031): the React pages themselves, drawn from the
 * data the server already holds. A page is drawn once per address and data (a new price, a new
 * name is new data) and then served from memory. Without a build of the renderer (or when it
 * throws) a page goes out empty and the browser draws it, as before: never a broken page.
 */
export function pageRenderer(entry: string): PageRenderer {
  let loading: Promise<RenderPage | null> | undefined
  const load = () =>
    (loading ??= existsSync(entry)
      ? import(pathToFileURL(entry).href).then((m: { renderPage: RenderPage }) => m.renderPage)
      : Promise.resolve(null))
  const drawn = new Lru<string, Promise<string>>(KEPT)

  return {
    async render(url, data, log) {
      const render = await load().catch((err: unknown) => {
        log.error({ err }, 'page renderer unloadable: pages drawn by the browser')
        loading = Promise.resolve(null)
        return null
      })
      if (!render) return ''
      const key = createHash('sha256').update(url).update('\0').update(JSON.stringify(data))
      const id = key.digest('base64url')
      let page = drawn.get(id)
      if (!page) {
        page = render(url, data)
        drawn.set(id, page)
      }
      try {
        return await page
      } catch (err) {
        if (drawn.get(id) === page) drawn.delete(id)
        log.error({ err, url }, 'page not drawn on the server: sent for the browser to draw')
        return ''
      }
    },
  }
}
