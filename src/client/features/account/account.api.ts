import * as accountRoutes from '../../../contracts/api-routes/account.routes'
import * as authRoutes from '../../../contracts/api-routes/auth.routes'
import { queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '../../../contracts/api-route'
import { call, callRaw, path } from '../../lib/api'
import { saveBlob } from '../../lib/save-blob'

// The buyer's own calls: her profile, data and refunds, the guest look-ups, and her lists' reads.

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

/** The logged-in customer's own data: a login drops all of it, whoever asked before. */
export const accountKeys = {
  all: ['account'] as const,
  purchases: () => [...accountKeys.all, 'purchases'] as const,
  orders: () => [...accountKeys.all, 'orders'] as const,
  canvaLinks: () => [...accountKeys.all, 'canva-links'] as const,
  /** The account's, or a guest's open access: either way a login drops it. */
  skills: () => [...accountKeys.all, 'skills'] as const,
}

export const purchasesQuery = () =>
  queryOptions({
    queryKey: accountKeys.purchases(),
    queryFn: ({ signal }) => call(accountRoutes.purchases, { signal }),
  })

export const ordersQuery = () =>
  queryOptions({
    queryKey: accountKeys.orders(),
    queryFn: ({ signal }) => call(accountRoutes.orders, { signal }),
  })

export const canvaLinksQuery = () =>
  queryOptions({
    queryKey: accountKeys.canvaLinks(),
    queryFn: ({ signal }) => call(accountRoutes.canvaLinks, { signal }),
  })

/** 'Relatório de habilidades': the BNCC skills her materials teach (an account or a guest). */
export const skillsQuery = () =>
  queryOptions({
    queryKey: accountKeys.skills(),
    queryFn: ({ signal }) => call(accountRoutes.skills, { signal }),
  })

/** The same report as a PDF: a plain link, the browser saves what the server names. */
export const skillsPdfHref = () => path(accountRoutes.skillsPdf)
