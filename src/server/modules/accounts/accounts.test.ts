import { WHATSAPP_INVALID } from '../../../contracts/accounts.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions as sessionsTable, users } from './accounts.tables.js'
import {
  cookieFrom,
  customerSession,
  login,
  newCustomer,
  newIp,
  TEST_ADMIN,
  whoAmI,
} from '../../testing/auth.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
beforeAll(async () => {
  store = await createTestStore()
})
afterAll(() => store.close())

const register = (payload: Record<string, unknown>) =>
  store.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: newIp() })

describe('sign-up and login', () => {
  it('registers, logs in, and knows the user on the next request', async () => {
    const body = newCustomer({ email: 'Maria.Silva@Escola.com' })
    const created = await register(body)
    expect(created.statusCode).toBe(201)
    expect(created.json().user).toMatchObject({
      firstName: 'Ana',
      email: 'maria.silva@escola.com',
      whatsapp: '5511987654321',
      role: 'user',
    })
    expect(created.body).not.toMatch(/password|scrypt/i)
    // Signing up does not log in: the screen sends the teacher to /login.
    expect(created.headers['set-cookie']).toBeUndefined()

    const res = await login(store.app, 'maria.silva@escola.com', body.password)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ redirectTo: '/dashboard', user: { firstName: 'Ana' } })
    const setCookie = String(res.headers['set-cookie'])
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    expect(setCookie).not.toMatch(/Secure/)

    const me = await whoAmI(store.app, cookieFrom(res.headers['set-cookie']))
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({
      isAuthenticated: true,
      user: { email: 'maria.silva@escola.com', role: 'user' },
    })
    expect(me.body).not.toMatch(/password/i)
  })

  it('answers an anonymous GET /api/auth/user with 200 and null, never an error', async () => {
    const res = await whoAmI(store.app)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toBeNull()
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { email } = await customerSession(store.app)
    for (const res of [
      await login(store.app, email, 'senha-errada'),
      await login(store.app, 'ninguem@escola.com', 'senha-errada'),
    ]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: 'Email ou senha incorretos' })
      expect(res.headers['set-cookie']).toBeUndefined()
    }
  })

  it('refuses a second account with the same e-mail', async () => {
    const body = newCustomer()
    expect((await register(body)).statusCode).toBe(201)
    const again = await register({ ...body, email: body.email.toUpperCase() })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: 'Este email já está cadastrado. Faça login.' })
  })

  it.each([
    [{ password: '12345' }, 'A senha deve ter pelo menos 6 caracteres'],
    [{ firstName: '' }, 'Nome é obrigatório'],
    [{ lastName: ' ' }, 'Sobrenome é obrigatório'],
    [{ email: '' }, 'Email é obrigatório'],
    [{ email: 'nao-e-email' }, 'Email inválido'],
    [{ whatsapp: '' }, 'WhatsApp é obrigatório'],
    [{ whatsapp: '12' }, WHATSAPP_INVALID],
    [{ whatsapp: '(11) 9876' }, WHATSAPP_INVALID],
  ])('validates the sign-up: %o', async (change, message) => {
    const res = await register({ ...newCustomer(), ...change })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message })
  })

  it('sends the administrator to /admin from the customer login too', async () => {
    const res = await login(store.app, TEST_ADMIN.email, TEST_ADMIN.password)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ redirectTo: '/admin', user: { role: 'superadmin' } })
  })

  it('marks the cookie Secure behind HTTPS (trusted proxy)', async () => {
    const behindProxy = await createTestStore({ env: { TRUST_PROXY: '1' } })
    try {
      const res = await login(behindProxy.app, TEST_ADMIN.email, TEST_ADMIN.password, {
        'x-forwarded-proto': 'https',
      })
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/)
    } finally {
      await behindProxy.close()
    }
  })
})

describe('administrator login', () => {
  const adminLogin = (payload: Record<string, unknown>) =>
    store.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress: newIp() })

  it('logs the super administrator in by e-mail as username', async () => {
    const res = await adminLogin({ username: TEST_ADMIN.email, password: TEST_ADMIN.password })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ redirectTo: '/admin', user: { role: 'superadmin' } })
    expect((await whoAmI(store.app, cookieFrom(res.headers['set-cookie']))).json()).toMatchObject({
      isAuthenticated: true,
    })
  })

  it('refuses a customer, even with the right password, and a wrong password', async () => {
    const customer = newCustomer()
    await register(customer)
    for (const password of [customer.password, 'errada']) {
      const res = await adminLogin({ username: customer.email, password })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: 'Credenciais inválidas' })
      expect(res.headers['set-cookie']).toBeUndefined()
    }
  })

  it.each([{}, { username: 'admin@teste.com' }, { username: ' ', password: 'x' }])(
    'asks for both fields: %o',
    async (payload) => {
      const res = await adminLogin(payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: 'Por favor, preencha e-mail e senha.' })
    },
  )
})

describe('sessions', () => {
  it('does not honour a cookie set before login (session fixation)', async () => {
    const body = newCustomer()
    await register(body)
    const planted = 'loja_sid=token-que-o-atacante-conhece'
    const res = await login(store.app, body.email, body.password, { cookie: planted })
    const issued = cookieFrom(res.headers['set-cookie'])
    expect(issued).not.toBe(planted)
    expect((await whoAmI(store.app, planted)).json()).toBeNull()
    expect((await whoAmI(store.app, issued)).json()).toMatchObject({ isAuthenticated: true })
  })

  it('rotates the session at a second login: the first cookie stops working', async () => {
    const body = newCustomer()
    await register(body)
    const first = cookieFrom(
      (await login(store.app, body.email, body.password)).headers['set-cookie'],
    )
    const second = cookieFrom(
      (await login(store.app, body.email, body.password, { cookie: first })).headers['set-cookie'],
    )
    expect((await whoAmI(store.app, first)).json()).toBeNull()
    expect((await whoAmI(store.app, second)).json()).toMatchObject({ isAuthenticated: true })
  })

  it('kills the session on the server at logout, not only the cookie', async () => {
    const { cookie, userId } = await customerSession(store.app)
    const out = await store.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ success: true })
    expect(String(out.headers['set-cookie'])).toMatch(/loja_sid=;/)
    // The old cookie, replayed by someone who copied it, is worthless.
    expect((await whoAmI(store.app, cookie)).json()).toBeNull()
    const left = await store.database.db
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.userId, userId))
    expect(left).toHaveLength(0)
  })

  it('answers logout without a session too', async () => {
    const res = await store.app.inject({ method: 'POST', url: '/api/logout' })
    expect(res.json()).toEqual({ success: true })
  })

  it('refuses a deactivated user at login and ends their open session', async () => {
    const body = newCustomer()
    await register(body)
    const cookie = cookieFrom(
      (await login(store.app, body.email, body.password)).headers['set-cookie'],
    )
    await store.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, body.email))
    expect((await whoAmI(store.app, cookie)).json()).toBeNull()
    const res = await login(store.app, body.email, body.password)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Email ou senha incorretos' })
  })
})
