import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_ROUTES, matchPage } from '../../../contracts/page-routes.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { writeBuiltClient } from '../../testing/built-client.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let admin: string
let customer: string
beforeAll(async () => {
  client = await writeBuiltClient()
  store = await createTestStore({ clientDir: client.dir })
  admin = (await adminSession(store.app)).cookie
  customer = (await customerSession(store.app)).cookie
})
afterAll(async () => {
  await store.close()
  await client.remove()
})

const get = (url: string, cookie?: string) =>
  store.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

/** An address of each page: its pattern with `:id` (and a skill's `:code`) filled in. */
const example = (pattern: string) => pattern.replace(':id', '7').replace(':code', 'EF03MA09')
const PUBLIC = Object.entries(PAGE_ROUTES)
  .filter(([path, access]) => access === 'public' && path !== '/produto/:id')
  .map(([path]) => example(path))
const ADMIN_ONLY = Object.entries(PAGE_ROUTES)
  .filter(([, access]) => access === 'admin')
  .map(([path]) => example(path))

describe('the address table the client and the server share', () => {
  it('matches as the client router does: any case, a trailing slash, one segment per :id', () => {
    expect(matchPage('/')).toBe('/')
    expect(matchPage('/login')).toBe('/login')
    expect(matchPage('/Login/')).toBe('/login')
    expect(matchPage('/produto/12')).toBe('/produto/:id')
    expect(matchPage('/produto/12/extra')).toBeNull()
    expect(matchPage('/produto/')).toBeNull()
    expect(matchPage('/admin/edit-product/5')).toBe('/admin/edit-product/:id')
    expect(matchPage('/upload-multiplo.html')).toBe('/upload-multiplo.html')
    expect(matchPage('/pagina-que-nao-existe')).toBeNull()
    expect(matchPage('//login')).toBeNull()
  })
})

describe('page answers', () => {
  it.each(PUBLIC)('%s is a page (200)', async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
  })

  it.each(['/pagina-que-nao-existe', '/admin/nada', '/teste-qualquer', '/login/extra'])(
    '%s is the app’s "Página não encontrada", answered 404 and never cached',
    async (url) => {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body).toContain('<div id="root">')
    },
  )

  it('a missing file is still a plain 404, and an unknown API route its JSON', async () => {
    expect((await get('/nada.js')).statusCode).toBe(404)
    const api = await get('/api/nada')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ message: 'Rota não encontrada' })
  })

  it.each(ADMIN_ONLY)(
    '%s asks for the admin’s login (401) of a visitor and a customer',
    async (url) => {
      for (const cookie of [undefined, customer]) {
        const res = await get(url, cookie)
        expect(res.statusCode).toBe(401)
        // The app draws the login form in place; nothing of it is cached for later.
        expect(res.headers['content-type']).toMatch(/^text\/html/)
        expect(res.headers['cache-control']).toBe('no-store')
      }
    },
  )

  it.each(ADMIN_ONLY)('%s opens for the admin (200)', async (url) => {
    const res = await get(url, admin)
    expect(res.statusCode).toBe(200)
  })
})
