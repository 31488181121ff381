import { describe, expect, it } from 'vitest'
import type { BnccIndex } from '../../../contracts/bncc'
import { yearsLabel } from '../../../contracts/school'
import { indexSections, skillsCount } from './bncc-index-sections'

// A slice of the index as GET /api/bncc/index answers it: a year's codes, a block's, EM's.
const index: BnccIndex = {
  groups: [
    // Every EF year has codes of its own, as in the BNCC.
    ...(['1', '2', '4', '5'] as const).map((ano) => ({
      anos: [ano],
      componente: 'MA' as const,
      codes: [`EF0${ano}MA01`],
    })),
    { anos: ['3'], componente: 'LP', codes: ['EF03LP01', 'EF03LP02'] },
    { anos: ['3'], componente: 'MA', codes: ['EF03MA09'] },
    { anos: ['1', '2', '3', '4', '5'], componente: 'LP', codes: ['EF15LP01'] },
    { anos: ['em-1', 'em-2', 'em-3'], componente: 'MA', codes: ['EM13MAT101'] },
  ],
  taught: { EF15LP01: { materials: 2, start: 'Identificar a função social…' } },
}

describe('the index as the /bncc page shows it', () => {
  const [ei, ef, em] = indexSections(index)

  it('puts a block under each of its years, after the year’s own codes, labelled', () => {
    expect(ei!.sections).toEqual([])
    expect(ef!.sections.map((s) => s.label)).toEqual([
      '1º ano',
      '2º ano',
      '3º ano',
      '4º ano',
      '5º ano',
    ])
    const third = ef!.sections[2]!
    expect(third.components.map((c) => c.label)).toEqual(['Língua Portuguesa', 'Matemática'])
    const lp = third.components[0]!
    expect(lp.parts.map((p) => p.label)).toEqual(['3º ano', '1º ao 5º ano'])
    expect(lp.parts[1]!.taught).toEqual([
      { code: 'EF15LP01', materials: 2, start: 'Identificar a função social…' },
    ])
    expect(lp.parts[0]!.plain).toEqual(['EF03LP01', 'EF03LP02'])
    expect([lp.total, lp.taught, third.total, third.taught]).toEqual([3, 1, 4, 1])
    // Alone under its component, a part needs no label: the year's heading says it.
    const first = ef!.sections[0]!.components.find((c) => c.id === 'MA')!
    expect(first.parts.map((p) => p.label)).toEqual([null])
  })

  it('draws years with the very same codes as one section: EM’s three séries', () => {
    expect(em!.sections.map((s) => s.label)).toEqual(['1ª a 3ª série'])
  })

  it('names years and counts as a teacher says them', () => {
    expect(yearsLabel(['6', '7'])).toBe('6º e 7º anos')
    expect(yearsLabel(['6', '7', '8', '9'])).toBe('6º ao 9º ano')
    expect(skillsCount('EI', 1)).toBe('1 objetivo')
    expect(skillsCount('EF', 28)).toBe('28 habilidades')
  })
})
