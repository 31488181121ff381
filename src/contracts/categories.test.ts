import { describe, expect, it } from 'vitest'
import { CATEGORIES, categoryOf, findCategory } from './categories.js'

describe('categories', () => {
  it.each([
    ['matematica', 'matematica'],
    ['MATEMÁTICA', 'matematica'],
    ['ENSINO FUNDAMENTAL ANOS INICIAIS', 'ensino_fundamental'],
    ['PLANEJAMENTO E ORGANIZADORES', 'planejamento_organizadores'],
    ['planejamento', 'planejamento_organizadores'],
    ['jogos_recursos', 'jogos_recursos_ludicos'],
    ['bncc', 'bncc_pratica'],
    ['BNCC NA PRÁTICA', 'bncc_pratica'],
    ['LIVROS E ATIVIDADES PARA IMPRIMIR', 'livros_atividades'],
    ['FORMAÇÃO CONTINUADA', 'formacao_professores'],
    ['formacao_professores', 'formacao_professores'],
    ['educacao_especial', 'educacao_especial'],
    ['RECURSOS DIGITAIS', 'recursos_digitais'],
    ['  Educação Infantil ', 'educacao_infantil'],
  ])('maps %s onto %s', (input, slug) => {
    expect(findCategory(input)?.slug).toBe(slug)
  })

  it('accepts every name of the three lists of the specification', () => {
    const slugsAdmin =
      'educacao_infantil, ensino_fundamental, alfabetizacao, matematica, portugues, ciencias, historia_geografia, educacao_inclusiva, datas_comemorativas, planejamento_organizadores, jogos_recursos_ludicos, relatorios_avaliacao, cartazes_murais, bncc_pratica, livros_atividades, psicomotricidade, artes_musica, ingles, coordenacao_gestao, educacao_especial, formacao_professores'
    const labels =
      'EDUCAÇÃO INFANTIL, ENSINO FUNDAMENTAL ANOS INICIAIS, EDUCAÇÃO INCLUSIVA, DATAS COMEMORATIVAS, PLANEJAMENTO E ORGANIZADORES, JOGOS E RECURSOS LÚDICOS, RELATÓRIOS E AVALIAÇÃO, CARTAZES E MURAIS, BNCC NA PRÁTICA, LIVROS E ATIVIDADES PARA IMPRIMIR, ALFABETIZAÇÃO, MATEMÁTICA, PORTUGUÊS, CIÊNCIAS, PSICOMOTRICIDADE, ARTES E MÚSICA, INGLÊS, COORDENAÇÃO E GESTÃO, FORMAÇÃO CONTINUADA, RECURSOS DIGITAIS'
    const short =
      'educacao_infantil, ensino_fundamental, educacao_inclusiva, datas_comemorativas, planejamento, jogos_recursos, relatorios, cartazes, bncc, livros'
    for (const name of [slugsAdmin, labels, short].join(', ').split(', ')) {
      expect(findCategory(name), name).toBeDefined()
    }
  })

  it('refuses what is not a category', () => {
    expect(findCategory('culinaria')).toBeUndefined()
    expect(findCategory('')).toBeUndefined()
  })

  it('gives every category a label and an emoji, and keeps unknown stored slugs showable', () => {
    for (const category of CATEGORIES) {
      expect(category.label.length).toBeGreaterThan(2)
      expect(category.emoji.length).toBeGreaterThan(0)
    }
    expect(categoryOf('antiga')).toMatchObject({ slug: 'antiga', label: 'antiga' })
  })
})
