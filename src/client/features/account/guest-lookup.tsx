import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { apiJson, HttpError } from '../../lib/api'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'
import { MaterialCard } from './material-card'
import { usePurchaseDownload } from './use-purchase-download'

interface GuestPurchase {
  id: number
  productId: number
  productName?: string
  product?: { name?: string; description?: string; imageUrl?: string }
  downloadCount: number
  maxDownloads: number
}

interface GuestAnswer {
  success?: boolean
  purchases?: GuestPurchase[]
  message?: string
}

export interface GuestCredentials {
  email: string
  whatsapp: string
}

// SPEC.md section 2: links carrying email and whatsapp search by themselves after 500 ms.
const AUTO_SEARCH_DELAY_MS = 500

/** 'Acesso Rápido': a guest finds what they bought by the purchase's e-mail and WhatsApp. */
export function GuestLookup({ initial }: { initial: GuestCredentials }) {
  const [form, setForm] = useState(initial)
  const { mutate, data, isPending, reset } = useMutation({
    mutationFn: (body: GuestCredentials) =>
      apiJson<GuestAnswer>('/api/guest-purchases', { method: 'POST', body }),
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
          if (answer?.success === false || !answer?.purchases?.length) {
            toast({
              title: 'Nenhum material encontrado',
              description: answer?.message || 'Confira o email e o WhatsApp usados na compra.',
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

  const download = usePurchaseDownload(() => search(form))
  const purchases = data?.purchases ?? []

  const submit = (event: FormEvent) => {
    event.preventDefault()
    search(form)
  }
  const set = (field: keyof GuestCredentials) => (e: { target: { value: string } }) => {
    reset()
    setForm((f) => ({ ...f, [field]: e.target.value }))
  }

  return (
    <div>
      <form noValidate onSubmit={submit} className="space-y-4">
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
        <Button type="submit" size="lg" className="w-full" disabled={isPending}>
          {isPending ? 'Buscando...' : 'Buscar meus materiais'}
        </Button>
      </form>
      {purchases.length > 0 && (
        <ul className="mt-6 space-y-3" aria-label="Materiais encontrados">
          {purchases.map((p) => (
            <MaterialCard
              key={p.id}
              item={{
                ...p,
                name: p.product?.name ?? p.productName ?? 'Material',
                description: p.product?.description,
                imageUrl: p.product?.imageUrl,
              }}
              busy={download.isPending && download.variables?.productId === p.productId}
              onDownload={() =>
                download.mutate({
                  path: '/api/guest-download',
                  body: { productId: p.productId, ...form },
                  productId: p.productId,
                })
              }
            />
          ))}
        </ul>
      )}
    </div>
  )
}
