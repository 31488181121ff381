import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import type { GuestCredentials, GuestPurchasesAnswer } from '../../../contracts/downloads'
import { HttpError } from '../../lib/api'
import { findGuestPurchases } from './account.api'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'
import { GuestCodeAccess } from './guest-code-access'
import { GuestResults } from './guest-results'
import { applyRefundAnswer } from './refund-request'
import { withDownloadCounted } from './use-purchase-download'

// SPEC.md section 2: links carrying email and whatsapp search by themselves after 500 ms.
const AUTO_SEARCH_DELAY_MS = 500

const CREDENTIAL_PARAMS = ['email', 'whatsapp'] as const

/**
 * `?email=…&whatsapp=…` of the page, as the checkout and the WhatsApp messages link to it: read
 * once on arrival, then taken out of the address (history.replaceState), so the buyer's e-mail
 * and WhatsApp stay out of her history, a shared link and the next page's Referer.
 */
export function useCredentialsFromUrl(): GuestCredentials {
  const [initial] = useState<GuestCredentials>(() => {
    const params = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search)
    return { email: params.get('email') ?? '', whatsapp: params.get('whatsapp') ?? '' }
  })
  useEffect(() => {
    const url = new URL(window.location.href)
    if (!CREDENTIAL_PARAMS.some((name) => url.searchParams.has(name))) return
    for (const name of CREDENTIAL_PARAMS) url.searchParams.delete(name)
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  }, [])
  return initial
}

const NOTHING_FOUND = 'Nenhum material encontrado'

/** 'Acesso Rápido' and the direct-download pages: a guest's purchases by e-mail and WhatsApp. */
export function GuestLookup({ initial }: { initial: GuestCredentials }) {
  const [form, setForm] = useState(initial)
  const [found, setFound] = useState<GuestPurchasesAnswer | null>(null)
  const [byCode, setByCode] = useState(false)
  const { mutate, isPending } = useMutation({
    mutationFn: findGuestPurchases,
  })

  const search = useCallback(
    (credentials: GuestCredentials) => {
      if (!credentials.email.trim() || !credentials.whatsapp.trim()) {
        return toast({
          title: 'Dados obrigatórios',
          description: 'Por favor, preencha email e WhatsApp.',
          variant: 'destructive',
        })
      }
      mutate(credentials, {
        onSuccess: (answer) => {
          setFound(answer)
          if (!answer.success) {
            toast({
              title: NOTHING_FOUND,
              description: 'Confira o email e o WhatsApp usados na compra.',
            })
          }
        },
        onError: (error) =>
          toast(
            error instanceof HttpError
              ? { title: 'Erro na busca', description: error.message, variant: 'destructive' }
              : {
                  title: 'Erro de conexão',
                  description: 'Não foi possível conectar ao servidor. Tente novamente.',
                  variant: 'destructive',
                },
          ),
      })
    },
    [mutate],
  )

  useEffect(() => {
    if (!initial.email || !initial.whatsapp) return
    const timer = setTimeout(() => search(initial), AUTO_SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [initial, search])

  if (byCode) {
    return <GuestCodeAccess initialEmail={form.email} onCancel={() => setByCode(false)} />
  }

  if (found?.success) {
    return (
      <GuestResults
        found={found}
        credentials={form}
        onBack={() => setFound(null)}
        onRefundAnswered={(orderId, answer) =>
          setFound((f) => f && applyRefundAnswer(f, orderId, answer))
        }
        onCounted={(answer) =>
          setFound((f) => f && { ...f, purchases: withDownloadCounted(f.purchases, answer) })
        }
      />
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    search(form)
  }
  const set = (field: keyof GuestCredentials) => (e: { target: { value: string } }) => {
    setFound(null)
    setForm((f) => ({ ...f, [field]: e.target.value }))
  }

  return (
    // POST: even a submit the script did not catch never writes the e-mail into the address.
    <form
      noValidate
      method="post"
      onSubmit={submit}
      className="space-y-4"
      aria-label="Buscar meus materiais"
    >
      <Field
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        label="Email usado na compra"
        value={form.email}
        onChange={set('email')}
      />
      <Field
        name="whatsapp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label="WhatsApp usado na compra"
        value={form.whatsapp}
        onChange={set('whatsapp')}
      />
      {found && !found.success && (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          <strong>{NOTHING_FOUND}.</strong> Confira se são o email e o WhatsApp usados na compra.
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={isPending}>
        {isPending ? 'Buscando...' : 'Buscar meus materiais'}
      </Button>
      <p className="text-center text-sm text-gray-600">
        Não lembra o WhatsApp?{' '}
        <button
          type="button"
          onClick={() => setByCode(true)}
          className="font-semibold text-purple-700 underline"
        >
          Receber código por e-mail
        </button>
      </p>
    </form>
  )
}
