import type { BnccIndex, BnccSearchAnswer, BnccSkillPage, BnccSuggestionsBody } from '../bncc'
import { route } from '../api-route'

// The BNCC's skills: the product form's picker, the skill pages and their index.

/** Query: q (a code, a prefix or words), ano and componente (comma-separated ids). */
export const search = route<typeof BnccSearchAnswer>()('GET', '/api/bncc')

/**
 * Every code by years and component, with the materials on sale per taught code (the /bncc
 * page). A word no code can be ('index'): Fastify's static segment wins over `:code` anyway.
 */
export const index = route<typeof BnccIndex>()('GET', '/api/bncc/index')

/** One skill by its code, with the materials on sale that teach it; 404 for an unknown code. */
export const skill = route<typeof BnccSkillPage>()('GET', '/api/bncc/:code')

/** 'Sugestões da BNCC' (admin): the skills best matching a product's name and description. */
export const suggestions = route<typeof BnccSearchAnswer, typeof BnccSuggestionsBody>()(
  'POST',
  '/api/admin/bncc-suggestions',
)
