import type { AnoId, ComponenteId } from '../../../contracts/school.js'

/**
 * What a BNCC code itself says (the data's README): its stage, the years or age group, and the
 * component. `EF` is the stage, an EI campo or Educação Física: its position decides.
 *   EI 02 TS 01    age group 01-03 · campo · number
 *   EF 67 EF 01    year 01-09 or block (15, 12, 35, 67, 89, 69) · componente · number
 *   EM 13 LGG 103  the three séries · area (or LP, MAT) · number
 */
export interface CodeParts {
  etapa: 'EI' | 'EF' | 'EM'
  anos: AnoId[]
  componente: ComponenteId
}

const EI_GROUPS: Record<string, AnoId> = {
  '01': 'ei-bebes',
  '02': 'ei-bem-pequenas',
  '03': 'ei-pequenas',
}
const EI_CAMPOS = new Set(['EO', 'CG', 'TS', 'EF', 'ET'])
const EF_COMPONENTES = new Set(['LP', 'MA', 'CI', 'HI', 'GE', 'AR', 'EF', 'LI', 'ER'])
/** Blocks of years a code may name instead of one year. */
const EF_BLOCKS: Record<string, [number, number]> = {
  '15': [1, 5],
  '12': [1, 2],
  '35': [3, 5],
  '67': [6, 7],
  '89': [8, 9],
  '69': [6, 9],
}
/** EM13MAT is Matemática's area and its only component: the store's MA, as in EF. */
const EM_COMPONENTES: Record<string, ComponenteId> = {
  LGG: 'LGG',
  CNT: 'CNT',
  CHS: 'CHS',
  MAT: 'MA',
  LP: 'LP',
}

/** The parts of a well-formed code, or null (whether it exists is the list's to say). */
export function partsOf(code: string): CodeParts | null {
  const ei = /^EI(0[1-3])([A-Z]{2})\d{2}$/.exec(code)
  if (ei) {
    if (!EI_CAMPOS.has(ei[2]!)) return null
    return {
      etapa: 'EI',
      anos: [EI_GROUPS[ei[1]!]!],
      componente: `EI-${ei[2]}` as ComponenteId,
    }
  }
  const ef = /^EF(\d{2})([A-Z]{2})\d{2}$/.exec(code)
  if (ef) {
    const year = Number(ef[1])
    const [from, to] = EF_BLOCKS[ef[1]!] ?? [year, year]
    if (from < 1 || to > 9 || !EF_COMPONENTES.has(ef[2]!)) return null
    const anos = Array.from({ length: to - from + 1 }, (_, i) => String(from + i) as AnoId)
    return { etapa: 'EF', anos, componente: ef[2] as ComponenteId }
  }
  const em = /^EM13([A-Z]{2,3})\d{2,3}$/.exec(code)
  if (em) {
    const componente = EM_COMPONENTES[em[1]!]
    if (!componente) return null
    return { etapa: 'EM', anos: ['em-1', 'em-2', 'em-3'], componente }
  }
  return null
}
