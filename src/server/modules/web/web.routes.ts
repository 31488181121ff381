import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { catalogAddress, catalogSearchOf } from '../../../contracts/catalog-search.js'
import type { PaymentMethods } from '../../../contracts/checkout.js'
import type { PageData } from '../../../contracts/page-data.js'
import { storeNameOf, type PublicSettings } from '../../../contracts/settings.js'
import type { App } from '../../app-types.js'
import { isAdminPage, matchPage } from '../../../contracts/page-routes.js'
import { AppError } from '../../errors.js'
import { baseUrlOf } from '../../http/base-url.js'
import {
  prepareBody,
  PREPARED_READ,
  queryStringOf,
  sendPrepared,
  type PreparedBody,
} from '../../lib/http.js'
import { preparedAnswers } from '../../lib/prepared-answers.js'
import { pageData, pageDataScript } from './page-data.js'
import { securityStatusOf } from '../../http/security-status.js'
import { productHead, skillHead, skillsIndexHead, storeHead } from './page-head.js'
import { pagePreloads } from './page-preloads.js'
import { pageRenderer } from './page-render.js'
import { robotsTxt, sitemapXml } from './sitemap.js'

// Where index.html marks the spot for per-page tags; the dev <title> after it is replaced too.
const HEAD_SLOT = /<!--app-head-->(\s*<title>[^<]*<\/title>)?/
// The app's mount point: a page drawn on the server is sent with its markup inside.
const ROOT_SLOT = '<div id="root"></div>'

/**
 * Serves the built client: hashed assets cached for a year, the service worker never cached,
 * and every page route answered with index.html carrying that page's title and preview tags;
 * the storefront's pages (home, searches, products, the clube) drawn inside it.
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
  const renderer = pageRenderer(config.ssrEntry)
  const preloads = pagePreloads(config.clientDir)
  // The store's public settings (the settings service keeps them for a few seconds): every title
  // and preview carries its name, the header its logo. A read that fails keeps the defaults,
  // never a broken page.
  const settingsOf = async (req: FastifyRequest): Promise<PublicSettings> => {
    try {
      return await app.services.settings.publicSettings()
    } catch (err) {
      req.log.warn({ err }, 'store settings unreadable: page with the default name')
      return {}
    }
  }
  // How the store charges decides what its titles and pages promise; a read that fails promises
  // nothing 'na hora' (the store's own key's words are true under every mode).
  const methodsOf = async (req: FastifyRequest): Promise<PaymentMethods> => {
    try {
      return await app.services.payments.methods()
    } catch (err) {
      req.log.warn({ err }, 'payment methods unreadable: page with the manual promise')
      return { pix: true, card: false, taxIdRequired: false, pixConfirmation: 'manual' }
    }
  }
  const nameOf = (settings: PublicSettings) =>
    storeNameOf({ store_name: settings.store_name ?? '' })
  /** index.html with the page's head, its markup in #root and, beside it, what it was drawn from. */
  const page = (head: string, body = '', data?: PageData) =>
    prepareBody(
      // Functions, not strings: a `$&` in a product's name must stay text.
      template!
        .replace(HEAD_SLOT, () => head)
        .replace(
          ROOT_SLOT,
          () => `<div id="root">${body}</div>${data ? pageDataScript(data) : ''}`,
        ),
      'text/html; charset=utf-8',
    )
  /** A page drawn on the server (decision 031), with its data for the browser to hydrate it. */
  const drawn = async (req: FastifyRequest, head: string, url: string, parts: PageData) => {
    const data = { address: url, ...parts, security: securityStatusOf(req) }
    return page(head, await renderer.render(url, data, req.log), data)
  }

  // The home page (and its searches, `/?q=…&categoria=…`) is the same for everyone on a given
  // host: drawn once per catalogue version, settings and search, and kept as bytes.
  const homes = preparedAnswers(32)
  const sendHome = async (req: FastifyRequest, reply: FastifyReply) => {
    const base = baseUrl(req)
    const [settings, paymentMethods] = await Promise.all([settingsOf(req), methodsOf(req)])
    const head =
      storeHead(base, '/', paymentMethods.pixConfirmation, nameOf(settings)) + preloads.home
    const search = catalogSearchOf(queryStringOf(req.url))
    const address = catalogAddress(search)
    try {
      const [version, settingsVersion] = await Promise.all([
        app.services.catalog.version(),
        app.services.settings.publicVersion(),
      ])
      const home = await homes.get(
        // The payment mode follows settings that are not public (the PIX key, the provider).
        `${version}\n${settingsVersion}\n${JSON.stringify(paymentMethods)}`,
        // The padlock is drawn too: the same host reached by HTTP and HTTPS is two pages.
        `${base}\n${securityStatusOf(req).secure}\n${address}`,
        async () => {
          const [first, categories] = await Promise.all([
            app.services.catalog.page({ ...search, page: 1 }),
            app.services.catalog.categories(),
          ])
          return drawn(
            req,
            head,
            address,
            pageData({ settings, paymentMethods, catalog: { search, page: first, categories } }),
          )
        },
      )
      return sendPrepared(req, reply, home)
    } catch (err) {
      // The page still loads (its script asks /api/catalog, which tells the error on screen).
      req.log.error({ err }, 'home page without its first cards')
      return sendPrepared(req, reply, page(head))
    }
  }

  // Pages answer HTML (a 404 page included, or the text 503 before a build): no JSON schema for
  // them; only a thrown error answers an ErrorAnswer. The static files are bytes likewise.
  app.get('/', { config: PREPARED_READ }, async (req, reply) =>
    template ? sendHome(req, reply) : clientMissing(reply),
  )

  /** A page for an address that names nothing on sale: the store's head, drawn by the browser. */
  const notFoundPage = (
    req: FastifyRequest,
    reply: FastifyReply,
    confirmation: PaymentMethods['pixConfirmation'],
    name: string,
  ) => {
    reply.code(404)
    return sendPrepared(req, reply, page(storeHead(baseUrl(req), req.url, confirmation, name)))
  }

  app.get('/produto/:id', async (req, reply) => {
    if (!template) return clientMissing(reply)
    const id = Number((req.params as { id: string }).id)
    const product = Number.isInteger(id) && id > 0 ? await findActive(app, id) : undefined
    const [settings, paymentMethods] = await Promise.all([settingsOf(req), methodsOf(req)])
    const name = nameOf(settings)
    if (!product) return notFoundPage(req, reply, paymentMethods.pixConfirmation, name)
    // Only a rated product costs a query: the catalogue holds every product's stars.
    const rated = await app.services.catalog.ratingOf(product.id)
    const reviews = rated ? await app.services.reviewReads.ofProduct(product.id) : undefined
    const skills = product.bncc.flatMap((code) => app.services.bncc.skillByCode(code) ?? [])
    const head = productHead(baseUrl(req), product, name, reviews, skills) + preloads.product
    return sendPrepared(
      req,
      reply,
      await drawn(
        req,
        head,
        `/produto/${product.id}`,
        pageData({ settings, paymentMethods, product }),
      ),
    )
  })

  app.get('/clube', async (req, reply) => {
    if (!template) return clientMissing(reply)
    const [settings, paymentMethods] = await Promise.all([settingsOf(req), methodsOf(req)])
    const confirmation = paymentMethods.pixConfirmation
    const head = storeHead(baseUrl(req), '/clube', confirmation, nameOf(settings)) + preloads.clube
    let plans
    try {
      plans = await app.services.plans.publicList()
    } catch (err) {
      req.log.error({ err }, 'clube page without its plans')
      return sendPrepared(req, reply, page(head))
    }
    return sendPrepared(
      req,
      reply,
      await drawn(req, head, '/clube', pageData({ settings, paymentMethods, plans })),
    )
  })

  // A BNCC skill's page: its official text and the materials on sale that teach it.
  app.get('/bncc/:code', async (req, reply) => {
    if (!template) return clientMissing(reply)
    const code = String((req.params as { code: string }).code).toUpperCase()
    const skill = code.length <= 20 ? app.services.bncc.skillByCode(code) : undefined
    const [settings, paymentMethods] = await Promise.all([settingsOf(req), methodsOf(req)])
    const name = nameOf(settings)
    if (!skill) return notFoundPage(req, reply, paymentMethods.pixConfirmation, name)
    const bnccSkill = { ...skill, products: await app.services.catalog.teaching(skill.code) }
    const head = skillHead(baseUrl(req), skill, name) + preloads.bncc
    return sendPrepared(
      req,
      reply,
      await drawn(
        req,
        head,
        `/bncc/${skill.code}`,
        pageData({ settings, paymentMethods, bnccSkill }),
      ),
    )
  })

  // The BNCC's index: every code, linking those a material on sale teaches. The same for every
  // visitor of a host, like the home page, and 1,580 codes to draw: drawn once per catalogue
  // version and settings, and kept as bytes.
  const skillsIndexes = preparedAnswers(4)
  app.get('/bncc', { config: PREPARED_READ }, async (req, reply) => {
    if (!template) return clientMissing(reply)
    const base = baseUrl(req)
    const [settings, paymentMethods] = await Promise.all([settingsOf(req), methodsOf(req)])
    const head = skillsIndexHead(base, nameOf(settings)) + preloads.bnccIndex
    try {
      const [version, settingsVersion] = await Promise.all([
        app.services.catalog.version(),
        app.services.settings.publicVersion(),
      ])
      const index = await skillsIndexes.get(
        `${version}\n${settingsVersion}\n${JSON.stringify(paymentMethods)}`,
        `${base}\n${securityStatusOf(req).secure}`,
        async () => {
          const bnccIndex = app.services.bncc.skillsIndex(
            await app.services.catalog.materialsByCode(),
          )
          return drawn(req, head, '/bncc', pageData({ settings, paymentMethods, bnccIndex }))
        },
      )
      return sendPrepared(req, reply, index)
    } catch (err) {
      // The page still loads (its script asks /api/bncc/index, which tells the error on screen).
      req.log.error({ err }, 'BNCC index page without its codes')
      return sendPrepared(req, reply, page(head))
    }
  })

  // For search engines: the store's pages, fresh at every request (a hidden product leaves at
  // once), and where not to go. Served with or without a built client.
  app.get('/sitemap.xml', async (req, reply) => {
    const [entries, plans, codes] = await Promise.all([
      app.services.products.sitemapEntries(),
      app.services.plans.publicList(),
      app.services.catalog.taughtCodes(),
    ])
    const xml = sitemapXml(baseUrl(req), entries, plans.length > 0, codes)
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
    const [settings, paymentMethods] = await Promise.all([settingsOf(req), methodsOf(req)])
    const confirmation = paymentMethods.pixConfirmation
    const shell = page(storeHead(baseUrl(req), pathname, confirmation, nameOf(settings)))
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
