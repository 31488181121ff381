import { afterEach, describe, expect, it, vi } from 'vitest'
import * as accountRoutes from '../../contracts/api-routes/account.routes'
import * as catalogRoutes from '../../contracts/api-routes/catalog.routes'
import * as productRoutes from '../../contracts/api-routes/product.routes'
import { HttpError, call, path } from './api'
import { showServerFieldError } from './server-field-error'

afterEach(() => vi.unstubAllGlobals())

describe('path', () => {
  it('fills the parameters, encoded, and adds the query without empty values', () => {
    expect(path(productRoutes.image, { id: 7 }, { size: 'card', v: undefined })).toBe(
      '/api/products/7/image?size=card',
    )
    expect(
      path(catalogRoutes.catalog, undefined, { page: 2, q: 'sílaba & cia', category: null }),
    ).toBe('/api/catalog?page=2&q=s%C3%ADlaba+%26+cia')
    expect(path(accountRoutes.refundRequest, { id: 'a/b' })).toBe(
      '/api/orders/a%2Fb/refund-request',
    )
  })
})

describe('call', () => {
  it('sends the method, the JSON body and the session; a 400 keeps its message and field', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Email inválido' }), {
          status: 400,
          headers: { 'content-type': 'application/json', 'x-error-field': 'email' },
        }),
    )
    vi.stubGlobal('fetch', fetch)
    const failed = await call(accountRoutes.guestCode, { body: { email: 'x' } }).catch(
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(HttpError)
    expect(failed).toMatchObject({ status: 400, message: 'Email inválido', field: 'email' })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/guest-access/code')
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"email":"x"}')
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' })
    expect((init.headers as Record<string, string>)['X-Session-ID']).toMatch(/^cart_/)
  })

  it('places a 400 under the field it names, only when the form has that field', () => {
    const setError = vi.fn()
    const error = new HttpError(400, 'Email inválido', 'customerData.email')
    const fields = ['customerData.email', 'taxId'] as const
    expect(showServerFieldError(error, fields, setError)).toBe(true)
    expect(setError).toHaveBeenCalledWith(
      'customerData.email',
      { type: 'server', message: 'Email inválido' },
      { shouldFocus: true },
    )
    expect(showServerFieldError(new HttpError(400, 'x', 'other'), fields, setError)).toBe(false)
    expect(showServerFieldError(new HttpError(409, 'x', 'taxId'), fields, setError)).toBe(false)
  })
})
