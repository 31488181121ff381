import { z } from 'zod'
import { BnccSkill } from './bncc.js'
import { ANOS, COMPONENTES, yearsLabel } from './school.js'

/**
 * 'Relatório de habilidades': the BNCC skills a buyer's materials teach, read from the purchases
 * she may download now (a refunded or revoked one teaches her nothing here).
 */

/** One skill with the bought materials that carry its code. */
export const SkillsReportItem = BnccSkill.extend({
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export type SkillsReportItem = z.infer<typeof SkillsReportItem>

/** GET /api/user/skills: by year, then component, then code. */
export const SkillsReportAnswer = z.array(SkillsReportItem)
export type SkillsReportAnswer = z.infer<typeof SkillsReportAnswer>

/** The answer to someone who is neither logged in nor holds a guest access in this browser. */
export const SKILLS_REPORT_UNAUTHORIZED =
  'Entre na sua conta ou abra seus materiais pelo link do e-mail para ver o relatório de habilidades.'

/** Why the report is empty, when it is: no material she holds carries a BNCC code. */
export const SKILLS_REPORT_EMPTY =
  'Seus materiais ainda não informam habilidades da BNCC. Quando um material que você comprou tiver os códigos da BNCC, as habilidades dele aparecem aqui.'

/** The PDF's file name, as the browser saves it. */
export const SKILLS_REPORT_FILE_NAME = 'habilidades-bncc.pdf'

/** The credit the BNCC data's licence asks for (CC BY 4.0), as the PDF prints it. */
export const BNCC_CREDIT_TEXT =
  'Textos da BNCC (Base Nacional Comum Curricular, MEC). Dados: bncc.dev (mantido pela Profy), https://github.com/bncc-dev/bncc-dados, licença CC BY 4.0.'

const positionOf = <T extends { id: string }>(list: readonly T[], id: string) =>
  list.findIndex((item) => item.id === id)

/** School order: the first year a skill names, then its component, then its code (ASCII). */
export function bySchoolOrder(a: BnccSkill, b: BnccSkill): number {
  return (
    positionOf(ANOS, a.anos[0]!) - positionOf(ANOS, b.anos[0]!) ||
    positionOf(COMPONENTES, a.componente) - positionOf(COMPONENTES, b.componente) ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  )
}

/** One heading's skills: a year (or block of years, 'EF15LP': 1º ao 5º ano) and a component. */
export interface SkillsGroup<T extends BnccSkill> {
  key: string
  years: string
  component: string
  skills: T[]
}

const componentLabel = (id: string) => COMPONENTES.find((c) => c.id === id)?.label ?? id

/**
 * The report's headings, in the answer's order. `by: 'component'` makes one group per component
 * whatever the years (the PDF's pages); otherwise one per years and component (the screen).
 */
export function skillsGroups<T extends BnccSkill>(
  skills: readonly T[],
  by: 'years' | 'component' = 'years',
): SkillsGroup<T>[] {
  const groups = new Map<string, SkillsGroup<T>>()
  const ordered =
    by === 'component'
      ? [...skills].sort(
          (a, b) =>
            positionOf(COMPONENTES, a.componente) - positionOf(COMPONENTES, b.componente) ||
            bySchoolOrder(a, b),
        )
      : skills
  for (const skill of ordered) {
    const key =
      by === 'component' ? skill.componente : `${skill.anos.join(',')} ${skill.componente}`
    const group = groups.get(key)
    if (group) group.skills.push(skill)
    else
      groups.set(key, {
        key,
        years: by === 'component' ? '' : yearsLabel(skill.anos),
        component: componentLabel(skill.componente),
        skills: [skill],
      })
  }
  return [...groups.values()]
}
