import { describe, expect, it } from 'vitest'
import { DEFAULT_PAGE_ABOUT, DEFAULT_PAGE_PRIVACY, DEFAULT_PAGE_TERMS } from './default-pages.js'
import { DRAFT_KEEP_DAYS } from './abandoned.js'
import { ATTRIBUTION_TTL_MS } from './attribution-keys.js'
import { NEWSLETTER_CONSENT_LABEL } from './newsletter-texts.js'
import { anchorOf, parseInline, parsePageText } from './page-text.js'
import { publicReviewerName } from './reviews.js'

describe('the owner’s page text', () => {
  it('reads paragraphs, headings and lists', () => {
    const blocks = parsePageText('# Título\n\nUma linha\nOutra linha\n\n- um\n- dois\n\n## Menor')
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'heading'])
    expect(blocks[0]).toMatchObject({ level: 2, id: 'titulo' })
    expect(blocks[1]).toMatchObject({ lines: [[{ text: 'Uma linha' }], [{ text: 'Outra linha' }]] })
    expect(blocks[2]).toMatchObject({ items: [[{ text: 'um' }], [{ text: 'dois' }]] })
    expect(blocks[3]).toMatchObject({ level: 3 })
  })

  it('makes http(s) addresses and e-mails links, without the sentence’s final stop', () => {
    expect(parseInline('Veja https://exemplo.com/a?b=1. Ou escreva para ana@exemplo.com.')).toEqual(
      [
        { kind: 'text', text: 'Veja ' },
        { kind: 'url', href: 'https://exemplo.com/a?b=1' },
        { kind: 'text', text: '. Ou escreva para ' },
        { kind: 'email', address: 'ana@exemplo.com' },
        { kind: 'text', text: '.' },
      ],
    )
  })

  it('keeps markup as text: a script or a javascript: address is never a link or an element', () => {
    const parts = parseInline('<script>alert(1)</script> javascript:alert(1) <a href="x">y</a>')
    expect(parts).toEqual([
      { kind: 'text', text: '<script>alert(1)</script> javascript:alert(1) <a href="x">y</a>' },
    ])
  })

  it('fills the store’s values; an unknown {word} stays as typed', () => {
    expect(parseInline('{downloads} downloads, {nada}')).toEqual([
      { kind: 'value', name: 'downloads' },
      { kind: 'text', text: ' downloads, {nada}' },
    ])
  })

  it('anchors headings by their words: the footer’s link to the questions', () => {
    expect(anchorOf('Perguntas frequentes')).toBe('perguntas-frequentes')
    const ids = parsePageText(DEFAULT_PAGE_ABOUT).flatMap((b) =>
      b.kind === 'heading' ? [b.id] : [],
    )
    expect(ids).toContain('perguntas-frequentes')
  })

  it('the shipped texts read whole: terms keep the 7-day refund, privacy the LGPD', () => {
    expect(JSON.stringify(parsePageText(DEFAULT_PAGE_TERMS))).toContain('7 dias')
    expect(JSON.stringify(parsePageText(DEFAULT_PAGE_PRIVACY))).toContain('LGPD')
  })

  it('the privacy text says what the store keeps, with the numbers the code uses', () => {
    const text = DEFAULT_PAGE_PRIVACY
    // Newsletter: the box's own words, where it is ticked, and how to leave.
    expect(text).toContain(`"${NEWSLETTER_CONSENT_LABEL}"`)
    expect(text).toMatch(/no checkout, no cadastro ou no rodapé/)
    expect(text).toContain('“Cancelar inscrição”')
    // Reviews: the public name is the one the reviews module makes.
    expect(text).toContain(`"${publicReviewerName('Ana Professora')}"`)
    // 'Fale conosco': kept 90 days (the unpaid orders' retention), protocol and date after.
    expect(text).toMatch(/Fale conosco: depois de 90 dias/)
    // The abandoned-checkout draft and the attribution's days.
    expect(text).toContain(`em até ${DRAFT_KEEP_DAYS} dias`)
    // The LGPD requests reach reviews and drafts (privacy module): exported, and erased.
    expect(text).toMatch(/Baixar meus dados.*as suas avaliações.*a compra deixada pela metade\)/)
    expect(text).toMatch(
      /Avaliações: [^\n]*exclusão dos seus dados, as suas avaliações são apagadas/,
    )
    expect(text).toMatch(/Compra deixada pela metade: [^\n]*pedido de exclusão[^\n]*apaga/)
    expect(text).toContain(`por ${ATTRIBUTION_TTL_MS / 86_400_000} dias, de onde você chegou`)
    const headings = parsePageText(text).flatMap((b) => (b.kind === 'heading' ? [b.id] : []))
    expect(headings).toHaveLength(8)
  })
})
