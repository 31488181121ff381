import { queryOptions } from '@tanstack/react-query'
import * as adminRoutes from '../../../contracts/api-routes/admin.routes'
import { call, callRaw } from '../../lib/api'
import { saveBlob } from '../../lib/save-blob'
import { adminKeys } from './admin.queries'

/** LGPD requests handled by the admin: lookup, export, erasure and their audit. */
export const privacyKeys = {
  audit: () => [...adminKeys.all, 'privacy', 'audit'] as const,
}

export const privacyAuditQuery = () =>
  queryOptions({
    queryKey: privacyKeys.audit(),
    queryFn: ({ signal }) => call(adminRoutes.privacyAudit, { signal }),
  })

export const lookupPerson = (email: string) => call(adminRoutes.privacyLookup, { query: { email } })

export const anonymizePerson = (email: string) =>
  call(adminRoutes.privacyAnonymize, { body: { email } })

/** Saves the person's export as a file. */
export async function downloadPersonExport(email: string): Promise<void> {
  const response = await callRaw(adminRoutes.privacyExport, { query: { email } })
  saveBlob(await response.blob(), `dados-${email}.json`)
}
