import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { SessionUser } from '../../../contracts/accounts'
import { DeleteAccountBody, ProfileBody } from '../../../contracts/privacy'
import { deleteAccount, downloadMyData, saveProfile } from './account.api'
import { fieldErrors } from '../../lib/form-errors'
import { sessionKeys } from '../../lib/session-keys'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'

function ProfileForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all })
      toast({ title: 'Dados atualizados', variant: 'success' })
    },
    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
  })
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = ProfileBody.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
    setErrors(parsed.success ? {} : fieldErrors(parsed.error))
    if (parsed.success) save.mutate(parsed.data)
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          name="firstName"
          label="Nome"
          defaultValue={user.firstName}
          error={errors.firstName}
        />
        <Field
          name="lastName"
          label="Sobrenome"
          defaultValue={user.lastName}
          error={errors.lastName}
        />
      </div>
      <Field
        name="whatsapp"
        label="WhatsApp"
        inputMode="tel"
        defaultValue={user.whatsapp}
        error={errors.whatsapp}
      />
      <p className="text-sm text-gray-600">E-mail: {user.email}</p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Salvando...' : 'Salvar correções'}
      </Button>
    </form>
  )
}

function DeleteAccount() {
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string>()
  const remove = useMutation({
    mutationFn: deleteAccount,
    // A full reload: nothing of the erased account may stay in the page's caches.
    onSuccess: () => window.location.assign('/?conta=excluida'),
    onError: (err) => setError(err.message),
  })
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Excluir minha conta
      </Button>
    )
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = DeleteAccountBody.safeParse(
      Object.fromEntries(new FormData(event.currentTarget)),
    )
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message)
    if (parsed.success) remove.mutate(parsed.data)
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-2xl bg-red-50 p-4">
      <p className="text-sm text-red-900">
        Seu nome, e-mail e WhatsApp serão apagados da conta e dos pedidos, e os downloads serão
        encerrados. Ficam só os dados que a lei exige para a contabilidade (número, data e valor dos
        pedidos), sem identificar você. Isso não pode ser desfeito.
      </p>
      <Field
        name="password"
        type="password"
        label="Sua senha"
        autoComplete="current-password"
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={remove.isPending}
          className="bg-none bg-red-600 hover:bg-red-700"
        >
          {remove.isPending ? 'Excluindo...' : 'Excluir definitivamente'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancelar
        </Button>
      </div>
    </form>
  )
}

/** 'Meus dados': the LGPD rights (art. 18) the customer exercises by themselves. */
export function MyData({ user }: { user: SessionUser }) {
  const [exporting, setExporting] = useState(false)
  return (
    <section className="mt-10" aria-labelledby="meus-dados">
      <h2 id="meus-dados" className="text-xl font-extrabold text-purple-900">
        Meus dados
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Veja, corrija, leve ou apague o que a loja guarda sobre você (LGPD).
      </p>
      <div className="mt-4 space-y-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-purple-100">
        <ProfileForm user={user} />
        <div>
          <h3 className="font-bold text-purple-900">Baixar meus dados</h3>
          <p className="mt-1 text-sm text-gray-600">
            Um arquivo JSON com seu cadastro, pedidos, compras, downloads e mensagens.
          </p>
          <Button
            variant="secondary"
            className="mt-2"
            disabled={exporting}
            onClick={() => {
              setExporting(true)
              downloadMyData()
                .catch((err: Error) => toast({ title: err.message, variant: 'destructive' }))
                .finally(() => setExporting(false))
            }}
          >
            {exporting ? 'Preparando...' : 'Baixar meus dados (JSON)'}
          </Button>
        </div>
        <div>
          <h3 className="font-bold text-purple-900">Excluir conta</h3>
          <div className="mt-2">
            <DeleteAccount />
          </div>
        </div>
      </div>
    </section>
  )
}
