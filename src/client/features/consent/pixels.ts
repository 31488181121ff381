import type { AdEvent } from '../../lib/ad-events'

/**
 * The browser pixels of the platforms the shop filled in, loaded only after 'Aceitar'. Each
 * platform's own loader script is added as its documentation describes (Meta Pixel `fbq`,
 * https://developers.facebook.com/docs/meta-pixel/get-started; Google tag `gtag`,
 * https://developers.google.com/tag-platform/gtagjs/install; TikTok Pixel `ttq`,
 * https://ads.tiktok.com/help/article/get-started-pixel), and each store event is told to every
 * platform under its name there. The Purchase's event id is the order's id: the server sends the
 * same id, so Meta and TikTok count one purchase.
 */
export interface PixelIds {
  meta: string
  ga4: string
  tiktok: string
}

type Queue = ((...args: unknown[]) => void) & {
  queue?: unknown[]
  callMethod?: (...args: unknown[]) => void
}

/** TikTok's `ttq` as its base code makes it: an array of calls its script reads once. */
type TiktokQueue = unknown[][] & {
  methods: string[]
  track: (...a: unknown[]) => void
  page: () => void
  load: (id: string) => void
  _i: Record<string, unknown[] & { _u?: string }>
  _t: Record<string, number>
  _o: Record<string, object>
}

declare global {
  interface Window {
    fbq?: Queue
    _fbq?: Queue
    dataLayer?: unknown[]
    gtag?: (...args: unknown[]) => void
    ttq?: TiktokQueue
    TiktokAnalyticsObject?: string
  }
}

function addScript(src: string) {
  const script = document.createElement('script')
  script.async = true
  script.src = src
  document.head.appendChild(script)
}

/**
 * Meta's stand-in, as its base code: calls wait in `queue` until fbevents.js has loaded. The
 * script reads that queue once, at load, and then answers through `callMethod`: every call
 * after that must go there, or it waits in a queue nobody reads again.
 */
function queued(): Queue {
  const q: Queue = (...args: unknown[]) => {
    if (q.callMethod) q.callMethod(...args)
    else q.queue!.push(args)
  }
  q.queue = []
  return q
}

function loadMeta(id: string) {
  if (window.fbq) return
  const fbq = queued()
  window.fbq = window._fbq = fbq
  Object.assign(fbq, { push: fbq, loaded: true, version: '2.0' })
  addScript('https://connect.facebook.net/en_US/fbevents.js')
  fbq('init', id)
}

function loadGa4(id: string) {
  if (window.gtag) return
  window.dataLayer ??= []
  window.gtag = function gtag() {
    // gtag reads the `arguments` object itself, as its snippet pushes it.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments)
  }
  window.gtag('js', new Date())
  window.gtag('config', id, { send_page_view: false })
  addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`)
}

const TIKTOK_SCRIPT = 'https://analytics.tiktok.com/i18n/pixel/events.js'

/**
 * TikTok's stand-in, as its base code: `window[TiktokAnalyticsObject]` is an array that each
 * method pushes `[method, ...args]` onto, and `load` registers the pixel in `_i` and adds the
 * script. The script reads the array once and puts its own methods in place of these; the
 * store calls `window.ttq.track(...)` afresh each time, so it reaches them once they are there.
 */
function loadTiktok(id: string) {
  if (window.ttq) return
  window.TiktokAnalyticsObject = 'ttq'
  const ttq = Object.assign([] as unknown[][], {
    methods: ['page', 'track'],
    _i: {},
    _t: {},
    _o: {},
  }) as TiktokQueue
  for (const method of ttq.methods) {
    Object.assign(ttq, { [method]: (...args: unknown[]) => void ttq.push([method, ...args]) })
  }
  ttq.load = (pixel: string) => {
    ttq._i[pixel] = Object.assign([], { _u: TIKTOK_SCRIPT })
    ttq._t[pixel] = Date.now()
    ttq._o[pixel] = {}
    addScript(`${TIKTOK_SCRIPT}?sdkid=${encodeURIComponent(pixel)}&lib=ttq`)
  }
  window.ttq = ttq
  ttq.load(id)
}

const GA4_NAMES: Record<AdEvent['name'], string> = {
  ViewContent: 'view_item',
  AddToCart: 'add_to_cart',
  InitiateCheckout: 'begin_checkout',
  Purchase: 'purchase',
}
const TIKTOK_NAMES: Record<AdEvent['name'], string> = {
  ViewContent: 'ViewContent',
  AddToCart: 'AddToCart',
  InitiateCheckout: 'InitiateCheckout',
  Purchase: 'CompletePayment',
}

function tell(ids: PixelIds, e: AdEvent) {
  const value = e.value ?? undefined
  if (ids.meta) {
    window.fbq?.(
      'track',
      e.name,
      { content_ids: e.ids ?? [], content_type: 'product', currency: 'BRL', value },
      e.eventId ? { eventID: e.eventId } : undefined,
    )
  }
  if (ids.ga4) {
    window.gtag?.('event', GA4_NAMES[e.name], {
      currency: 'BRL',
      value,
      ...(e.eventId ? { transaction_id: e.eventId } : {}),
      items: (e.ids ?? []).map((item_id) => ({ item_id })),
    })
  }
  if (ids.tiktok) {
    window.ttq?.track(
      TIKTOK_NAMES[e.name],
      { contents: (e.ids ?? []).map((content_id) => ({ content_id })), currency: 'BRL', value },
      e.eventId ? { event_id: e.eventId } : undefined,
    )
  }
}

function pageView(ids: PixelIds) {
  if (ids.meta) window.fbq?.('track', 'PageView')
  if (ids.ga4) window.gtag?.('event', 'page_view', { page_location: window.location.href })
  if (ids.tiktok) window.ttq?.page()
}

let started = false

/** Loads the pixels and reports this page, every page after it, and the store's events. */
export function startPixels(ids: PixelIds) {
  if (started || !(ids.meta || ids.ga4 || ids.tiktok)) return
  started = true
  if (ids.meta) loadMeta(ids.meta)
  if (ids.ga4) loadGa4(ids.ga4)
  if (ids.tiktok) loadTiktok(ids.tiktok)
  pageView(ids)
  // The store moves between pages with pushState: each is a page view.
  const push = history.pushState.bind(history)
  history.pushState = (...args: Parameters<History['pushState']>) => {
    push(...args)
    pageView(ids)
  }
  window.addEventListener('popstate', () => pageView(ids))
  for (const e of window.lojaAds ?? []) tell(ids, e)
  window.addEventListener('loja:ad', (event) => tell(ids, (event as CustomEvent<AdEvent>).detail))
}
