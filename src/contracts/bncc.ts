import { z } from 'zod'
import { CatalogCard } from './catalog.js'
import { AnoIdSchema, ComponenteIdSchema, normaliseCode } from './school.js'

/**
 * The BNCC's objectives and skills as the store answers them (modules/bncc owns the data,
 * bncc.dev's tables under CC BY 4.0: BNCC_CREDIT must be shown wherever they are).
 */

/** The credit the data's license (CC BY 4.0) asks for wherever it is shown or shipped. */
export const BNCC_CREDIT = {
  text: 'Dados da BNCC: bncc.dev (mantido pela Profy), licença CC BY 4.0',
  name: 'bncc.dev (mantido pela Profy)',
  url: 'https://github.com/bncc-dev/bncc-dados',
  license: 'CC BY 4.0',
  licenseUrl: 'https://creativecommons.org/licenses/by/4.0/deed.pt-br',
} as const

/** Longest search the picker sends; a code or a few words. */
export const BNCC_QUERY_MAX = 100
/** Skills answered per search. */
export const BNCC_SEARCH_LIMIT = 20
/** One skill (or EI objective): its code, official text, the years and component it implies. */
export const BnccSkill = z.object({
  code: z.string(),
  text: z.string(),
  anos: z.array(AnoIdSchema),
  componente: ComponenteIdSchema,
})
export type BnccSkill = z.infer<typeof BnccSkill>

/** A comma-separated list of ids in a query string ('3,4'): '' or absent is no filter. */
const idsInQuery = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(500)
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : []))
    .pipe(z.array(item))

/**
 * GET /api/bncc?q=frações&ano=3,4&componente=MA: a code, a prefix ('EF03MA') or words, in any
 * case and with or without accents; `ano` and `componente` narrow it (the product form's picker).
 */
export const BnccQuery = z.object({
  q: z
    .string({ error: 'Digite um código ou palavras para buscar na BNCC' })
    .transform((q) => q.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Digite um código ou palavras para buscar na BNCC' })
        .max(BNCC_QUERY_MAX, {
          error: `A busca pode ter no máximo ${BNCC_QUERY_MAX} letras`,
        }),
    ),
  ano: idsInQuery(AnoIdSchema),
  componente: idsInQuery(ComponenteIdSchema),
})
export type BnccQuery = z.infer<typeof BnccQuery>

export const BnccSearchAnswer = z.array(BnccSkill)

export const BnccCodeParams = z.object({ code: z.string().max(20).transform(normaliseCode) })

/** GET /api/bncc/:code: the skill and the products on sale teaching it, as catalogue cards. */
export const BnccSkillAnswer = BnccSkill.extend({ products: z.array(CatalogCard) })
export type BnccSkillAnswer = z.infer<typeof BnccSkillAnswer>

/**
 * GET /api/bncc/indice (the /bncc page): each stage, its components, and per component the codes
 * by the years they name, each with how many products on sale teach it.
 */
export const BnccIndex = z.array(
  z.object({
    id: z.string(),
    label: z.string(),
    componentes: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        groups: z.array(
          z.object({
            label: z.string(),
            codes: z.array(z.object({ code: z.string(), products: z.number().int() })),
          }),
        ),
      }),
    ),
  }),
)
export type BnccIndex = z.infer<typeof BnccIndex>
