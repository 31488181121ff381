import type { BnccIndex, BnccIndexGroup } from '../../../contracts/bncc'
import {
  ANOS,
  COMPONENTES,
  yearsLabel,
  type AnoId,
  type ComponenteId,
} from '../../../contracts/school'

/** The BNCC's three stages, in school order. */
export const ETAPAS = [
  { id: 'EI', label: 'Educação Infantil' },
  { id: 'EF', label: 'Ensino Fundamental' },
  { id: 'EM', label: 'Ensino Médio' },
] as const
export type EtapaId = (typeof ETAPAS)[number]['id']

/** One group's codes under a component: a year's own, or a block's ('3º ao 5º ano'). */
export interface IndexPart {
  /** Null when it is the only part: the section's heading already says its years. */
  label: string | null
  /** The codes some material on sale teaches, with their count and the start of their text. */
  taught: { code: string; materials: number; start: string }[]
  /** The others, in the BNCC's order. */
  plain: string[]
}
export interface IndexComponent {
  id: ComponenteId
  label: string
  parts: IndexPart[]
  total: number
  taught: number
}
/** A year (or age group), or years whose codes are all the same (EM's three séries). */
export interface IndexSection {
  key: string
  label: string
  /** The ages of an EI group ('4 a 5 anos e 11 meses'). */
  ages: string | null
  components: IndexComponent[]
  total: number
  taught: number
}
export interface IndexStage {
  id: EtapaId
  label: string
  sections: IndexSection[]
}

const anoOf = (id: AnoId) => ANOS.find((a) => a.id === id)!

const sameGroups = (a: BnccIndexGroup[], b: BnccIndexGroup[]) =>
  a.length === b.length && a.every((group, i) => group === b[i])

/**
 * The index as the page shows it: per stage, a section per year listing every group that year
 * is in (EF15LP's codes under each of 1º to 5º ano, where a teacher of that year looks for
 * them), consecutive years with the very same groups as one section (EM: every code is of the
 * three séries), and in each the components in school order.
 */
export function indexSections(index: BnccIndex): IndexStage[] {
  const isTaught = (code: string) => code in index.taught
  return ETAPAS.map((etapa) => {
    const spans: { anos: AnoId[]; groups: BnccIndexGroup[] }[] = []
    for (const ano of ANOS.filter((a) => a.etapa === etapa.id)) {
      const groups = index.groups.filter((g) => g.anos.includes(ano.id))
      if (!groups.length) continue
      const last = spans[spans.length - 1]
      if (last && sameGroups(last.groups, groups)) last.anos.push(ano.id)
      else spans.push({ anos: [ano.id], groups })
    }
    const sections = spans.map(({ anos, groups }): IndexSection => {
      const components = COMPONENTES.flatMap((componente): IndexComponent[] => {
        const own = groups.filter((g) => g.componente === componente.id)
        if (!own.length) return []
        const codes = own.flatMap((g) => g.codes)
        return [
          {
            id: componente.id,
            label: componente.label,
            parts: own.map((g) => ({
              label: own.length > 1 ? yearsLabel(g.anos) : null,
              taught: g.codes.flatMap((code) => {
                const taught = index.taught[code]
                return taught ? [{ code, ...taught }] : []
              }),
              plain: g.codes.filter((code) => !isTaught(code)),
            })),
            total: codes.length,
            taught: codes.filter(isTaught).length,
          },
        ]
      })
      return {
        key: anos.join('-'),
        label: yearsLabel(anos),
        ages: etapa.id === 'EI' ? anoOf(anos[0]!).short : null,
        components,
        total: components.reduce((sum, c) => sum + c.total, 0),
        taught: components.reduce((sum, c) => sum + c.taught, 0),
      }
    })
    return { id: etapa.id, label: etapa.label, sections }
  })
}

/** EI has objetivos de aprendizagem, EF and EM habilidades: '28 habilidades', '1 objetivo'. */
export function skillsCount(etapa: EtapaId, n: number): string {
  const [one, many] = etapa === 'EI' ? ['objetivo', 'objetivos'] : ['habilidade', 'habilidades']
  return `${n} ${n === 1 ? one : many}`
}
