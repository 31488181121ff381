import type { App } from '../app-types.js'

/** The admin every test store has (see test-app.ts). */
export const TEST_ADMIN = { email: 'admin@teste.com', password: 'admin-senha-123' }

let counter = 0

/** A different client address per call, so tests do not share one IP's rate limits. */
export function newIp(): string {
  counter += 1
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`
}

/** A valid sign-up body with a unique e-mail. */
export function newCustomer(overrides: Record<string, string> = {}) {
  counter += 1
  return {
    firstName: 'Ana',
    lastName: 'Professora',
    email: `ana.${counter}.${Date.now()}@escola.com`,
    whatsapp: '(11) 98765-4321',
    password: 'senha-segura-1',
    ...overrides,
  }
}

/** Signs a new customer up from an address of its own; answers the sign-up body. */
export async function registeredCustomer(app: App) {
  const body = newCustomer()
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: newIp(),
  })
  if (res.statusCode !== 201) throw new Error(`sign-up: ${res.statusCode} ${res.body}`)
  return body
}

/** `name=value` of a Set-Cookie header, ready to send back as a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie
  if (!first) throw new Error('no Set-Cookie in the answer')
  return first.split(';')[0]!
}

export async function login(
  app: App,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = newIp(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/simple-login',
    payload: { email, password },
    headers,
    remoteAddress,
  })
}

/** 'Excluir minha conta' (LGPD erasure), with the password `newCustomer` signs up with. */
export const deleteAccount = (app: App, cookie: string, password = 'senha-segura-1') =>
  app.inject({
    method: 'POST',
    url: '/api/user/delete-account',
    headers: { cookie },
    payload: { password },
    remoteAddress: newIp(),
  })

/** Signs a new customer up and logs them in; answers their id and session cookie. */
export async function customerSession(app: App, overrides: Record<string, string> = {}) {
  const body = newCustomer(overrides)
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: newIp(),
  })
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`)
  const res = await login(app, body.email, body.password)
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`)
  const { user } = res.json<{ user: { id: string } }>()
  return { userId: user.id, email: body.email, cookie: cookieFrom(res.headers['set-cookie']) }
}

export async function adminSession(app: App) {
  const res = await login(app, TEST_ADMIN.email, TEST_ADMIN.password)
  if (res.statusCode !== 200) throw new Error(`admin login: ${res.body}`)
  return { cookie: cookieFrom(res.headers['set-cookie']) }
}

export const whoAmI = (app: App, cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} })
