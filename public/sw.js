/* Service worker: offline app shell and hashed assets. Never API answers, never downloads. */
const VERSION = 'v1'
const SHELL_CACHE = `loja-shell-${VERSION}`
const ASSET_CACHE = `loja-assets-${VERSION}`
const CURRENT = [SHELL_CACHE, ASSET_CACHE]
// Hashed file names pile up across releases; keep the newest ones only.
const MAX_ASSETS = 80

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add('/'))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => !CURRENT.includes(k)).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  )
})

function isPrivate(url) {
  return url.pathname.startsWith('/api/') || /download|baixar/i.test(url.pathname)
}

function cacheable(response) {
  return response && response.ok && response.type === 'basic'
}

async function trim(cache) {
  const keys = await cache.keys()
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)),
  )
}

async function networkFirstShell(request, url) {
  try {
    const response = await fetch(request)
    // Only the home page is kept: other pages get their own <head> from the server.
    if (url.pathname === '/' && cacheable(response)) {
      const copy = response.clone()
      caches.open(SHELL_CACHE).then((cache) => cache.put('/', copy))
    }
    return response
  } catch (error) {
    const cached = await caches.match('/', { cacheName: SHELL_CACHE })
    if (cached) return cached
    throw error
  }
}

async function cacheFirstAsset(request) {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE })
  if (cached) return cached
  const response = await fetch(request)
  if (cacheable(response)) {
    const copy = response.clone()
    caches.open(ASSET_CACHE).then(async (cache) => {
      await cache.put(request, copy)
      await trim(cache)
    })
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET' || request.headers.has('range')) return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || isPrivate(url)) return

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request, url))
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request))
  }
})
