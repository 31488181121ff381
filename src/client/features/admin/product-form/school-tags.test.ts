import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { EMPTY_VALUES, tagFields, typedCodes, type ProductFormValues } from './form-values'
import { SchoolTags } from './school-tags'

// 'Para quem é' in the product form: what it draws from the values, and what it sends.

const draw = (values: Partial<ProductFormValues>) =>
  renderToString(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(SchoolTags, { values: { ...EMPTY_VALUES, ...values }, set: () => {} }),
    ),
  )

/** The labels of the chips drawn pressed, or all of a group's. */
const chips = (html: string, pressed?: boolean) =>
  [...html.matchAll(/<button type="button" aria-pressed="(true|false)"[^>]*>([^<]+)<\/button>/g)]
    .filter((m) => pressed === undefined || m[1] === String(pressed))
    .map((m) => m[2])

describe('SchoolTags', () => {
  it('draws the years and components held as pressed, the kind chosen, and the BNCC credit', () => {
    const html = draw({ anos: ['3'], componentes: ['MA'], tipo: 'jogo', bncc: 'EF03MA09' })
    expect(chips(html, true)).toEqual(['3º ano', 'Matemática'])
    expect(html).toMatch(/<option value="jogo" selected="">Jogo<\/option>/)
    expect(html).toContain('value="EF03MA09"')
    expect(html).toContain('licença CC BY 4.0')
  })

  it("offers only the components of the stages of the years chosen: EI's campos for EI", () => {
    const all = chips(draw({}))
    expect(all).toContain('Matemática')
    expect(all).toContain('O eu, o outro e o nós')
    const ei = chips(draw({ anos: ['ei-pequenas'] }))
    expect(ei).toContain('O eu, o outro e o nós')
    expect(ei).not.toContain('Matemática')
  })

  it('says a number was read from the PDF while it is that number, and nothing once she types hers', () => {
    expect(draw({ paginas: '24', pagesRead: 24 })).toContain('Lido do PDF: 24 páginas.')
    expect(draw({ paginas: '30', pagesRead: 24 })).not.toContain('Lido do PDF')
    const pdf = new File(['%PDF-'], 'novo.pdf', { type: 'application/pdf' })
    expect(draw({ paginas: '', downloadFile: pdf })).toContain(
      'Em branco, o número é lido do PDF ao salvar.',
    )
    expect(draw({ paginas: '24', pagesRead: 24, downloadFile: pdf })).toContain(
      'O novo PDF será lido ao salvar.',
    )
    expect(draw({ paginas: '' })).not.toContain('pages-hint')
  })
})

describe('what the form sends of them', () => {
  it('reads the codes typed one per word, in capitals', () => {
    expect(typedCodes(' ef03ma09, EF03MA10;ei02ts01  ')).toEqual([
      'EF03MA09',
      'EF03MA10',
      'EI02TS01',
    ])
    expect(typedCodes('')).toEqual([])
  })

  it('leaves out what is blank when creating (the category decides it), sends all when editing', () => {
    const values = { ...EMPTY_VALUES, tipo: 'jogo', paginas: '12' }
    expect(tagFields(values, false)).toEqual({ tipo: 'jogo', paginas: '12' })
    expect(tagFields(values, true)).toEqual({
      bncc: [],
      anos: [],
      componentes: [],
      tipo: 'jogo',
      tema: '',
      paginas: '12',
    })
  })
})
