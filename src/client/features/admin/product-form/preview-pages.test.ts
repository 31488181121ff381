// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminPreview } from '../../../../contracts/previews'
import { EMPTY_VALUES } from './form-values'
import { PreviewPages } from './preview-pages'

// 'Prévia das páginas' in the product form: the pages field, and where the drawing stands.

const answer = (body: AdminPreview) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })

function draw(productId?: number, set = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(PreviewPages, { values: EMPTY_VALUES, set, productId }),
    ),
  )
  return set
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const base = { previewPages: [1, 2, 3], previews: [] }

describe('PreviewPages', () => {
  it('starts at 1, 2, 3 and keeps only numbers and commas as she types', () => {
    const set = draw()
    const field = screen.getByLabelText(/Páginas mostradas/) as HTMLInputElement
    expect(field.value).toBe('1, 2, 3')
    fireEvent.change(field, { target: { value: '1, 4, x5' } })
    expect(set).toHaveBeenCalledWith('previewPages', '1, 4, 5')
  })

  it("says 'Gerando prévia...' while the pages are being drawn", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ ...base, status: 'pending', reason: null })),
    )
    draw(7)
    await screen.findByText('Gerando prévia...')
  })

  it("shows the reason of a failure, and 'Tentar de novo' asks for it again", async () => {
    const reason = 'A prévia demorou demais para ser gerada (PDF pesado ou malformado).'
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/retry')
        ? answer({ ...base, status: 'pending', reason: null })
        : answer({ ...base, status: 'failed', reason }),
    )
    vi.stubGlobal('fetch', fetch)
    draw(7)
    await screen.findByText(reason)
    fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    await screen.findByText('Gerando prévia...')
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
      '/api/admin/products/7/previews/retry',
    )
  })
})
