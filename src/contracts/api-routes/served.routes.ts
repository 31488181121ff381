import { route } from '../api-route'

// What the server answers that the store's own screens never call as JSON: pages, files,
// providers' webhooks, the probes of a supervisor. Listed so that every route the server
// registers has its entry here or beside its domain (server/routes-contract.test.ts).

// Pages drawn on the server (the rest of the addresses are the browser's).
export const home = route<string>()('GET', '/')
export const productPage = route<string>()('GET', '/produto/:id')
export const clubePage = route<string>()('GET', '/clube')
export const skillPage = route<string>()('GET', '/bncc/:code')
/** Every BNCC code by stage, year and component; those with materials link to their page. */
export const skillsIndexPage = route<string>()('GET', '/bncc')
export const sitemap = route<string>()('GET', '/sitemap.xml')
export const robots = route<string>()('GET', '/robots.txt')
/** The one-click stop of the PIX reminders, from the e-mail itself. */
export const stopReminders = route<string>()('GET', '/lembretes/parar')

// Files: opened by the browser from a link or an <img>, never fetched as JSON.
export const download = route<Blob>()('GET', '/api/downloads/:token')
export const emergencyDownload = route<Blob>()('GET', '/api/emergency/:id')
export const shareImage = route<Blob>()('GET', '/api/products/:id/share.jpg')
export const additionalImage = route<Blob>()('GET', '/api/products/:id/additional-image/:imageId')
export const emergencyCart = route<string>()('GET', '/api/cart/emergency')
export const storeLogo = route<Blob>()('GET', '/api/store/logo')
export const planImage = route<Blob>()('GET', '/api/plans/image/:name')
/** A bought Canva template, its access checked and counted at each opening, then Canva. */
export const canvaOpen = route()('GET', '/canva/:id')

// The providers' webhooks (PROVIDERS.md): signed or token-checked, answered to the provider.
export const mercadoPagoWebhook = route()('POST', '/api/webhooks/mercadopago')
export const asaasWebhook = route()('POST', '/api/webhooks/asaas')
export const wooviWebhook = route()('POST', '/api/webhooks/woovi')
export const nfseWebhook = route()('POST', '/api/webhooks/nfse/:provider')

// A supervisor's and a scraper's probes.
export const healthz = route()('GET', '/healthz')
export const readyz = route()('GET', '/readyz')
export const metrics = route<string>()('GET', '/metrics')
