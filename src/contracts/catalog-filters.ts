import { z } from 'zod'
import {
  SCHOOL_MESSAGES,
  TAG_MESSAGES,
  type AnoId,
  type ComponenteId,
  type TemaId,
  type TipoId,
} from './school.js'
import { FILTER_MESSAGES, readFilter, type Facet, type PrecoId } from './catalog-filter-rules.js'

export * from './catalog-filter-rules.js'

/** A filter's value in a query string: absent or '' is no filter; an unknown one, its message. */
const optional = <T extends string>(key: Facet | 'bncc', message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx): T | undefined => {
      const { value, known } = readFilter(key, v)
      if (!known) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return value as T | undefined
    })

/** The filters' part of a catalogue query (CatalogQuery adds the words and the page). */
export const CatalogFilterFields = {
  ano: optional<AnoId>('ano', SCHOOL_MESSAGES.ano),
  componente: optional<ComponenteId>('componente', SCHOOL_MESSAGES.componente),
  tipo: optional<TipoId>('tipo', TAG_MESSAGES.tipo),
  tema: optional<TemaId>('tema', TAG_MESSAGES.tema),
  preco: optional<PrecoId>('preco', FILTER_MESSAGES.preco),
  /** A code or a code's beginning ('EF03MA09', 'ef03ma'): the materials that teach it. */
  bncc: optional<string>('bncc', FILTER_MESSAGES.bncc),
}

export const FacetOption = z.object({ value: z.string(), label: z.string(), count: z.number() })
export type FacetOption = z.infer<typeof FacetOption>
/** Per facet, the options that would show materials given the other filters, with how many. */
export const CatalogFacets = z.object({
  ano: z.array(FacetOption),
  componente: z.array(FacetOption),
  tipo: z.array(FacetOption),
  tema: z.array(FacetOption),
  preco: z.array(FacetOption),
})
export type CatalogFacets = z.infer<typeof CatalogFacets>
