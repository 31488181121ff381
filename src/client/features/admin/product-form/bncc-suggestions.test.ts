// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BnccSuggestions } from './bncc-suggestions'
import { EMPTY_VALUES, type ProductFormValues } from './form-values'

// 'Sugestões da BNCC' in the product form: what it sends, what it shows, what a tap does.

function draw(values: Partial<ProductFormValues>, codes: string[] = [], onPick = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(BnccSuggestions, { values: { ...EMPTY_VALUES, ...values }, codes, onPick }),
    ),
  )
  return onPick
}

const skill = {
  code: 'EF04MA09',
  text: 'Reconhecer as frações unitárias',
  anos: ['4'],
  componente: 'MA',
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('BnccSuggestions', () => {
  it('waits for a name or a description, and says so', () => {
    draw({})
    expect((screen.getByTestId('bncc-suggest') as HTMLButtonElement).disabled).toBe(true)
    screen.getByText('Escreva o nome ou a descrição do material para receber sugestões.')
  })

  it('sends the name, description, years and components, and a tapped skill is picked', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify([skill, { ...skill, code: 'EF05MA03' }]), {
          headers: { 'content-type': 'application/json' },
        }),
    )
    vi.stubGlobal('fetch', fetch)
    const onPick = draw(
      {
        name: 'Frações na pizza',
        description: 'Metades e quartos',
        anos: ['4'],
        componentes: ['MA'],
      },
      ['EF05MA03'],
    )
    fireEvent.click(screen.getByTestId('bncc-suggest'))
    const first = await screen.findByRole('button', { name: /EF04MA09/ })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toContain('/api/admin/bncc-suggestions')
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Frações na pizza',
      description: 'Metades e quartos',
      anos: ['4'],
      componentes: ['MA'],
    })
    // A code already on the product is shown as added, and cannot be tapped again.
    const added = screen.getByRole('button', { name: /EF05MA03/ }) as HTMLButtonElement
    expect(added.disabled).toBe(true)
    expect(added.textContent).toContain('(adicionado)')
    fireEvent.click(first)
    expect(onPick).toHaveBeenCalledWith(skill)
  })
})
