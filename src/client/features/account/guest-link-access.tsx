import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { accessLinkQuery, guestSessionQuery } from './account.api'
import { Loading } from '../../ui/query-state'
import { GuestAccess } from './guest-access'
import { GuestAccessResults } from './guest-access-results'
import { messageOf } from './account-errors'
import type { GuestAccessAnswer } from '../../../contracts/guest-access'

/**
 * Opens the access an e-mailed link carries (valid 30 days) in this browser. A query, not an
 * effect: it runs once per token however often the page renders.
 */
export function useAccessLink(token: string) {
  return useQuery(accessLinkQuery(token))
}

function Found({ found, onBack }: { found: GuestAccessAnswer; onBack: () => void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="mb-4 text-center text-2xl font-extrabold text-purple-900 sm:text-3xl">
        Seus materiais
      </h1>
      <GuestAccessResults found={found} onBack={onBack} />
    </div>
  )
}

/**
 * /meus-materiais for a guest: the access an e-mailed link or code opened in this browser
 * (12 hours, until it closes) still shows her materials; without one, the look-up.
 */
export function GuestSessionAccess() {
  const { data, isPending } = useQuery(guestSessionQuery())
  // 'Voltar à busca' from an e-mailed link's page lands here asking for the look-up itself.
  const [searching, setSearching] = useState(
    () => typeof window !== 'undefined' && window.history.state?.search === true,
  )
  if (isPending) return <Loading label="Abrindo seus materiais..." className="py-16" />
  if (data?.access && !searching) {
    return <Found found={data.access} onBack={() => setSearching(true)} />
  }
  return <GuestAccess />
}

/** /meus-materiais?acesso=…: the button of an order e-mail lands here, already looked up. */
export function GuestLinkAccess({ token }: { token: string }) {
  const { data, error, isPending } = useAccessLink(token)
  const [, navigate] = useLocation()
  const back = () => navigate('/meus-materiais', { replace: true, state: { search: true } })

  if (isPending) return <Loading label="Abrindo seus materiais..." className="py-16" />
  if (data) return <Found found={data} onBack={back} />
  const message = messageOf(error)
  return (
    <>
      <div className="px-4">
        <p
          role="alert"
          className="mx-auto mt-6 max-w-xl rounded-xl bg-amber-50 p-3 text-sm text-amber-900"
        >
          {message}
        </p>
      </div>
      <GuestAccess />
    </>
  )
}
