import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { storeNameOf } from '../../../contracts/settings.js'
import type { App } from '../../app-types.js'
import { isAdminPage, matchPage } from '../../../contracts/page-routes.js'
import { AppError } from '../../errors.js'
import { baseUrlOf } from '../../http/base-url.js'
import { prepareBody, PREPARED_READ, sendPrepared, type PreparedBody } from '../../lib/http.js'
import { preparedAnswers } from '../../lib/prepared-answers.js'
import { homeData, productBody, productData, type ShellBrand } from './page-body.js'
import { productHead, STORE_NAME, storeHead } from './page-head.js'
import { robotsTxt, sitemapXml } from './sitemap.js'

// Where index.html marks the spot for per-page tags; the dev <title> after it is replaced too.
const HEAD_SLOT = /<!--app-head-->(\s*<title>[^<]*<\/title>)?/
// The app's mount point: a product page is sent with its content already inside.
const ROOT_SLOT = '<div id="root"></div>'

/**
 * Serves the built client: hashed assets cached for a year, the service worker never cached,
 * and every page route answered with index.html carrying that page's title and preview tags.
 */
export async function webRoutes(app: App) {
  const { config } = app.deps
  const indexFile = path.join(config.clientDir, 'index.html')
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null

  if (template) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(config.clientDir, filePath)
        if (relative.startsWith('assets' + path.sep)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable')
        } else if (relative === 'sw.js') {
          res.setHeader('cache-control', 'no-cache')
        } else {
          res.setHeader('cache-control', 'public, max-age=3600')
        }
      },
    })
  }

  const baseUrl = (req: FastifyRequest) => baseUrlOf(config, req)
  // The owner's `store_name` (the settings service keeps it for a few seconds): every title and
  // preview carries it. A settings read that fails keeps the default name, never a broken page.
  const brandOf = async (req: FastifyRequest): Promise<ShellBrand> => {
    try {
      const values = await app.services.settings.all()
      return { storeName: storeNameOf(values), logo: values.store_logo }
    } catch (err) {
      req.log.warn({ err }, 'store name unreadable: page with the default name')
      return { storeName: STORE_NAME, logo: '' }
    }
  }
  const storeName = async (req: FastifyRequest) => (await brandOf(req)).storeName
  const page = (head: string, body = '') =>
    prepareBody(
      // Functions, not strings: a `$&` in a product's name must stay text.
      template!
        .replace(HEAD_SLOT, () => head)
        .replace(ROOT_SLOT, () => `<div id="root">${body}</div>`),
      'text/html; charset=utf-8',
    )

  // The home page is the same for everyone on a given host, with the catalogue's first cards
  // (the client shows them without asking): rendered once per host and catalogue version.
  const homes = preparedAnswers(16)
  const sendHome = async (req: FastifyRequest, reply: FastifyReply) => {
    const base = baseUrl(req)
    const name = await storeName(req)
    let catalogue
    try {
      catalogue = await app.services.catalog.home()
    } catch (err) {
      // The page still loads (its script asks /api/catalog, which tells the error on screen).
      req.log.error({ err }, 'home page without its first cards')
      return sendPrepared(req, reply, page(storeHead(base, '/', name)))
    }
    const home = await homes.get(`${catalogue.version}\n${name}`, base, () =>
      page(storeHead(base, '/', name), homeData(catalogue)),
    )
    return sendPrepared(req, reply, home)
  }

  // Pages answer HTML (a 404 page included, or the text 503 before a build): no JSON schema for
  // them; only a thrown error answers an ErrorAnswer. The static files are bytes likewise.
  app.get('/', { config: PREPARED_READ }, async (req, reply) =>
    template ? sendHome(req, reply) : clientMissing(reply),
  )

  app.get('/produto/:id', async (req, reply) => {
    if (!template) return clientMissing(reply)
    const id = Number((req.params as { id: string }).id)
    const product = Number.isInteger(id) && id > 0 ? await findActive(app, id) : undefined
    if (!product) reply.code(404)
    const brand = await brandOf(req)
    const name = brand.storeName
    if (!product) return sendPrepared(req, reply, page(storeHead(baseUrl(req), req.url, name)))
    const body = productBody(product, brand) + productData(product)
    // Only a rated product costs a query: the catalogue holds every product's stars.
    const rated = await app.services.catalog.ratingOf(product.id)
    const reviews = rated ? await app.services.reviewReads.ofProduct(product.id) : undefined
    return sendPrepared(req, reply, page(productHead(baseUrl(req), product, name, reviews), body))
  })

  // For search engines: the store's pages, fresh at every request (a hidden product leaves at
  // once), and where not to go. Served with or without a built client.
  app.get('/sitemap.xml', async (req, reply) => {
    const entries = await app.services.products.sitemapEntries()
    const xml = sitemapXml(baseUrl(req), entries)
    return sendPrepared(req, reply, prepareBody(xml, 'application/xml; charset=utf-8'))
  })
  app.get('/robots.txt', async (req, reply) =>
    sendPrepared(req, reply, prepareBody(robotsTxt(baseUrl(req)), 'text/plain; charset=utf-8')),
  )

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/'
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !pathname.startsWith('/api/')
    // A missing file (has an extension) is a plain 404; a page route is the app's to render,
    // including the older screens' `.html` addresses such as /upload-multiplo.html.
    if (!isPage || /\.(?!html$)[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).send({ message: 'Rota não encontrada' })
    }
    if (!template) return clientMissing(reply)
    const shell = page(storeHead(baseUrl(req), pathname, await storeName(req)))
    // The client's own table of addresses: any other is its 'Página não encontrada', told so.
    const route = matchPage(pathname)
    if (!route) return sendStatusPage(req, reply, 404, shell)
    // The administration's other screens ask for the admin's login (the page draws the form);
    // their calls are refused on their own regardless.
    if (isAdminPage(route)) {
      const viewer = await app.services.sessions.viewerOf(req)
      if (viewer.role !== 'superadmin') return sendStatusPage(req, reply, 401, shell)
    }
    return sendPrepared(req, reply, shell)
  })
}

/** A page whose status says what it shows (not found, login needed): never cached, no ETag. */
function sendStatusPage(
  req: FastifyRequest,
  reply: FastifyReply,
  status: 404 | 401,
  prepared: PreparedBody,
) {
  reply.code(status).header('cache-control', 'no-store').header('vary', 'Accept-Encoding')
  reply.type(prepared.type)
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(prepared.gzip)
  }
  return reply.send(prepared.body)
}

async function findActive(app: App, id: number) {
  try {
    return await app.services.catalog.getActive(id)
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined
    throw error
  }
}

function clientMissing(reply: FastifyReply) {
  return reply
    .code(503)
    .type('text/plain; charset=utf-8')
    .send('O site ainda não foi compilado. Rode "npm run build" (ou "npm start", que compila).')
}
