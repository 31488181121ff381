import { z } from 'zod'
import { CatalogCard } from './catalog.js'
import { AnoIdSchema, ComponenteIdSchema } from './school-schemas.js'

/**
 * The BNCC's objectives and skills as the store answers them (modules/bncc owns the data,
 * bncc.dev's tables under CC BY 4.0; its README says the credit to show with them).
 */

/** Longest search the picker sends; a code or a few words. */
export const BNCC_QUERY_MAX = 100
/** Skills answered per search. */
export const BNCC_SEARCH_LIMIT = 20
/** Skills 'Sugestões da BNCC' proposes for a product. */
export const BNCC_SUGGESTIONS = 5
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

/** The product as the form holds it, for 'Sugestões da BNCC' (admin): only what ranks skills. */
export const BnccSuggestionsBody = z.object({
  name: z.string().max(300, { error: 'Nome longo demais' }).default(''),
  description: z.string().max(20_000, { error: 'Descrição longa demais' }).default(''),
  anos: z.array(AnoIdSchema).max(40).default([]),
  componentes: z.array(ComponenteIdSchema).max(40).default([]),
})
export type BnccSuggestionsBody = z.input<typeof BnccSuggestionsBody>

/** GET /api/bncc/:code: a code as the address carries it ('EF03MA09', any case). */
export const BnccCodeParams = z.object({
  code: z
    .string()
    .max(20, { error: 'Código BNCC não encontrado' })
    .transform((code) => code.trim().toUpperCase()),
})

/** A skill with the materials on sale that teach it, newest first. */
export const BnccSkillPage = BnccSkill.extend({ products: z.array(CatalogCard) })
export type BnccSkillPage = z.infer<typeof BnccSkillPage>

/**
 * GET /api/bncc/index: every code of the BNCC, by the years its codes name and component, and
 * how many materials on sale teach each code that has any (the /bncc page). Small on purpose:
 * the codes alone, and the start of the text only of the codes the store teaches.
 */
export const BnccIndexGroup = z.object({
  /** The years the codes name: one, a block (EF35LP: 3º ao 5º) or EM's three séries. */
  anos: z.array(AnoIdSchema),
  componente: ComponenteIdSchema,
  /** In the BNCC's order (their numbers). */
  codes: z.array(z.string()),
})
export type BnccIndexGroup = z.infer<typeof BnccIndexGroup>

/** Longest start of the official text the index carries for a taught code. */
export const BNCC_INDEX_START_MAX = 100
export const BnccTaughtCode = z.object({
  /** Materials on sale that teach it (at least one). */
  materials: z.number().int().positive(),
  /** The official text's beginning, cut at a word (with '…' when cut). */
  start: z.string(),
})
export const BnccIndex = z.object({
  groups: z.array(BnccIndexGroup),
  /** Only the codes some material on sale teaches, by code. */
  taught: z.record(z.string(), BnccTaughtCode),
})
export type BnccIndex = z.infer<typeof BnccIndex>

export const BNCC_MESSAGES = { notFound: 'Código BNCC não encontrado' } as const
