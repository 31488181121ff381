import { queryOptions } from '@tanstack/react-query'
import * as bncc from '../../../contracts/api-routes/bncc.routes'
import { call } from '../../lib/api'

export const bnccKeys = {
  /** One skill's page, by its code as the BNCC writes it ('EF03MA09'). */
  skill: (code: string) => ['bncc', 'skill', code] as const,
}

export const skillQuery = (code: string) =>
  queryOptions({
    queryKey: bnccKeys.skill(code),
    queryFn: ({ signal }) => call(bncc.skill, { params: { code }, signal }),
  })
