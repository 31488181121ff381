import { queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '../../../contracts/api-route'
import * as accountRoutes from '../../../contracts/api-routes/account.routes'
import * as authRoutes from '../../../contracts/api-routes/auth.routes'
import { call, callRaw } from '../../lib/api'
import { saveBlob } from '../../lib/save-blob'

// The buyer's own calls that are not list reads (those are in account.queries.ts).

/** Saves the export the server made as a file, named as the server named it. */
export async function downloadMyData(): Promise<void> {
  const response = await callRaw(accountRoutes.dataExport)
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1]
  saveBlob(await response.blob(), name ?? 'meus-dados.json')
}

export const saveProfile = (body: BodyOf<typeof accountRoutes.profile>) =>
  call(accountRoutes.profile, { body })

export const deleteAccount = (body: BodyOf<typeof accountRoutes.deleteAccount>) =>
  call(accountRoutes.deleteAccount, { body })

export const requestRefund = (orderId: string, reason: string) =>
  call(accountRoutes.refundRequest, { params: { id: orderId }, body: { reason } })

/** Marks a template as opened; a guest proves who she is with her e-mail and WhatsApp. */
export const openTemplateLink = (
  linkId: number,
  credentials: BodyOf<typeof accountRoutes.openCanvaLink>,
) => call(accountRoutes.openCanvaLink, { params: { id: linkId }, body: credentials })

export const findGuestPurchases = (body: BodyOf<typeof accountRoutes.guestPurchases>) =>
  call(accountRoutes.guestPurchases, { body })

export const askGuestCode = (body: BodyOf<typeof accountRoutes.guestCode>) =>
  call(accountRoutes.guestCode, { body })

export const verifyGuestCode = (body: BodyOf<typeof accountRoutes.guestVerify>) =>
  call(accountRoutes.guestVerify, { body })

/** The code e-mailed at sign-up (decision 026). */
export const verifyEmail = (body: BodyOf<typeof authRoutes.verifyEmail>) =>
  call(authRoutes.verifyEmail, { body })

export const resendVerification = () => call(authRoutes.resendVerification)

/** A guest's access by e-mailed link: kept apart from 'account', which a login drops. */
export const guestAccessKeys = {
  all: ['guest-access'] as const,
  link: (token: string) => [...guestAccessKeys.all, 'link', token] as const,
  session: () => [...guestAccessKeys.all, 'session'] as const,
}

/** The access this browser already opened (its httpOnly cookie), asked afresh at each visit. */
export const guestSessionQuery = () =>
  queryOptions({
    queryKey: guestAccessKeys.session(),
    queryFn: () => call(accountRoutes.guestSession),
    staleTime: 0,
  })

/** Opens the access an e-mailed link carries; once per token, however often the page renders. */
export const accessLinkQuery = (token: string) =>
  queryOptions({
    queryKey: guestAccessKeys.link(token),
    queryFn: () => call(accountRoutes.guestLink, { body: { token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  })
