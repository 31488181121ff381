// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BULK_TAG_MESSAGES } from '../../../../contracts/product-tags'
import { BulkTagsForm } from './bulk-tags-bar'

// The bulk tagging sheet's form: the contract's Portuguese message before any call, the
// server's refusal shown in the form, and the button held while the write is under way.

function draw(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(BulkTagsForm, { ids: [3, 7], onDone }),
    ),
  )
  return onDone
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('BulkTagsForm', () => {
  it('says in Portuguese that something must be chosen, and sends nothing', () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    draw()
    fireEvent.click(screen.getByTestId('bulk-submit'))
    expect(screen.getByTestId('bulk-error').textContent).toBe(BULK_TAG_MESSAGES.nothing)
    expect(fetch).not.toHaveBeenCalled()
  })

  it("holds the button while the write is under way, then shows the server's message", async () => {
    let answer: (response: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    )
    const onDone = draw()
    fireEvent.change(screen.getByLabelText('Tipo de material'), { target: { value: 'jogo' } })
    fireEvent.click(screen.getByTestId('bulk-submit'))
    const button = await screen.findByRole('button', { name: 'Marcando...' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    await act(async () =>
      answer(
        new Response(JSON.stringify({ message: 'Produtos não encontrados: 7' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    )
    expect((await screen.findByTestId('bulk-error')).textContent).toBe(
      'Produtos não encontrados: 7',
    )
    expect(onDone).not.toHaveBeenCalled()
  })
})
