import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { SessionUser } from '../../../contracts/accounts'
import { DeleteAccountBody, ProfileBody } from '../../../contracts/privacy'
import { HttpError } from '../../lib/api'
import { showServerFieldError } from '../../lib/server-field-error'
import { sessionKeys } from '../../lib/session-keys'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'
import { deleteAccount, downloadMyData, saveProfile } from './account.api'

const PROFILE_FIELDS = ['firstName', 'lastName', 'whatsapp'] as const

function ProfileForm({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient()
  const { register, handleSubmit, setError, formState } = useForm({
    defaultValues: { firstName: user.firstName, lastName: user.lastName, whatsapp: user.whatsapp },
    resolver: zodResolver(ProfileBody),
  })
  const { errors } = formState
  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all })
      toast({ title: 'Dados atualizados', variant: 'success' })
    },
    onError: (error) => {
      if (!showServerFieldError(error, PROFILE_FIELDS, setError))
        toast({ title: error.message, variant: 'destructive' })
    },
  })
  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field {...register('firstName')} label="Nome" error={errors.firstName?.message} />
        <Field {...register('lastName')} label="Sobrenome" error={errors.lastName?.message} />
      </div>
      <Field
        {...register('whatsapp')}
        label="WhatsApp"
        inputMode="tel"
        error={errors.whatsapp?.message}
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
  const { register, handleSubmit, setError, formState } = useForm({
    defaultValues: { password: '' },
    resolver: zodResolver(DeleteAccountBody),
  })
  const remove = useMutation({
    mutationFn: deleteAccount,
    // A full reload: nothing of the erased account may stay in the page's caches.
    onSuccess: () => window.location.assign('/?conta=excluida'),
    // The one thing the server refuses here is the password ('Senha incorreta'); a dropped
    // connection or a server failure is not the password's fault, so it is a toast.
    onError: (err) =>
      err instanceof HttpError && err.status < 500
        ? setError('password', { type: 'server', message: err.message })
        : toast({ title: err.message, variant: 'destructive' }),
  })
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Excluir minha conta
      </Button>
    )
  }
  return (
    <form
      onSubmit={handleSubmit((body) => remove.mutate(body))}
      noValidate
      className="space-y-3 rounded-2xl bg-red-50 p-4"
    >
      <p className="text-sm text-red-900">
        Seu nome, e-mail e WhatsApp serão apagados da conta e dos pedidos, suas avaliações e
        mensagens serão excluídas, e os downloads serão encerrados. Ficam só os dados que a lei
        exige para a contabilidade (número, data e valor dos pedidos), sem identificar você. Isso
        não pode ser desfeito.
      </p>
      <Field
        {...register('password')}
        type="password"
        label="Sua senha"
        autoComplete="current-password"
        error={formState.errors.password?.message}
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
            Um arquivo JSON com seu cadastro, pedidos, compras, downloads, avaliações e mensagens.
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
