import { queryOptions, useMutation } from '@tanstack/react-query'
import type { BnccSuggestionsBody } from '../../../contracts/bncc'
import * as bncc from '../../../contracts/api-routes/bncc.routes'
import { call } from '../../lib/api'

export const bnccKeys = {
  /** Every code by years and component, with the materials of those taught (/bncc). */
  index: () => ['bncc', 'index'] as const,
  /** One skill's page, by its code as the BNCC writes it ('EF03MA09'). */
  skill: (code: string) => ['bncc', 'skill', code] as const,
  /** The product form's picker: a search narrowed by the years and components chosen. */
  search: (q: string, anos: string[], componentes: string[]) =>
    ['bncc', 'search', q, anos.join(','), componentes.join(',')] as const,
}

export const skillQuery = (code: string) =>
  queryOptions({
    queryKey: bnccKeys.skill(code),
    queryFn: ({ signal }) => call(bncc.skill, { params: { code }, signal }),
  })

export const skillSearchQuery = (q: string, anos: string[], componentes: string[]) =>
  queryOptions({
    queryKey: bnccKeys.search(q, anos, componentes),
    queryFn: ({ signal }) =>
      call(bncc.search, {
        query: { q, ano: anos.join(','), componente: componentes.join(',') },
        signal,
      }),
    enabled: q.trim().length >= 2,
    staleTime: 60 * 60_000,
  })

export const skillsIndexQuery = () =>
  queryOptions({
    queryKey: bnccKeys.index(),
    queryFn: ({ signal }) => call(bncc.index, { signal }),
  })

/** 'Sugestões da BNCC': the skills best matching a product's name and description (admin). */
export const useSkillSuggestions = () =>
  useMutation({ mutationFn: (body: BnccSuggestionsBody) => call(bncc.suggestions, { body }) })
