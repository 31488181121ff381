import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { PrivacyEmailBody, type PrivacyLookupAnswer } from '../../../contracts/privacy'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Field } from '../../ui/field'
import { Panel } from '../../ui/panel'
import { toast } from '../../ui/toast-store'
import { shortDate } from './money'
import {
  anonymizePerson,
  downloadPersonExport,
  lookupPerson,
  privacyAuditQuery,
  privacyKeys,
} from './privacy.api'

/** 'Privacidade': requests that arrive by WhatsApp or e-mail (LGPD art. 18), and their audit. */
export function PrivacySection() {
  const queryClient = useQueryClient()
  const [error, setError] = useState<string>()
  const [found, setFound] = useState<PrivacyLookupAnswer | null>(null)
  const [confirming, setConfirming] = useState(false)
  const audit = useQuery(privacyAuditQuery())
  const refresh = () => queryClient.invalidateQueries({ queryKey: privacyKeys.audit() })
  const lookup = useMutation({
    mutationFn: lookupPerson,
    onSuccess: setFound,
    onError: (err) => setError(err.message),
  })
  const erase = useMutation({
    mutationFn: anonymizePerson,
    onSuccess: (answer) => {
      toast({ title: answer.message, variant: 'success' })
      setFound(null)
      void refresh()
    },
    onError: (err) => toast({ title: err.message, variant: 'destructive' }),
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = PrivacyEmailBody.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message)
    if (parsed.success) lookup.mutate(parsed.data.email)
  }

  return (
    <Panel title="Privacidade">
      <p className="text-sm text-gray-600">
        Pedidos de dados (LGPD) recebidos por WhatsApp ou e-mail: encontre o cliente ou comprador
        sem conta pelo e-mail, envie os dados dele ou apague-os.
      </p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-2">
        <Field
          name="email"
          label="E-mail do titular"
          type="email"
          error={error}
          className="min-w-0 flex-1"
        />
        <Button type="submit" disabled={lookup.isPending}>
          Buscar
        </Button>
      </form>
      {found && (
        <div className="mt-3 rounded-xl bg-purple-50 p-3 text-sm" data-testid="privacy-found">
          <p className="font-semibold">{found.email}</p>
          <p>
            {found.hasAccount ? 'Tem conta' : 'Sem conta'} · {found.orders} pedido(s) ·{' '}
            {found.purchases} compra(s) · {found.messages} mensagem(ns)
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void downloadPersonExport(found.email)
                  .then(refresh)
                  .catch((err: Error) => toast({ title: err.message, variant: 'destructive' }))
              }
            >
              Baixar dados (JSON)
            </Button>
            <Button size="sm" disabled={erase.isPending} onClick={() => setConfirming(true)}>
              Anonimizar
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Apagar os dados pessoais?"
            confirmLabel="Sim, anonimizar"
            onConfirm={() => erase.mutate(found.email)}
          >
            <p>
              Nome, e-mail e WhatsApp de <strong>{found.email}</strong> serão apagados da conta e
              dos pedidos, as avaliações e mensagens dela excluídas, e os downloads encerrados. Não
              há volta.
            </p>
          </ConfirmDialog>
        </div>
      )}
      <h3 className="mt-5 font-bold text-purple-900">Registro de solicitações</h3>
      <p className="text-xs text-gray-500">
        Sem dados pessoais: data, quem atendeu, o quê e o hash do e-mail.
      </p>
      <ul className="mt-2 divide-y divide-purple-100 text-sm">
        {(audit.data ?? []).map((entry) => (
          <li key={entry.id} className="py-2">
            {shortDate(entry.createdAt)} · {entry.action === 'export' ? 'Exportação' : 'Exclusão'} ·{' '}
            {entry.requestedVia === 'admin'
              ? `admin ${entry.adminId?.slice(0, 8) ?? ''}`
              : 'pelo cliente'}
            <span className="block truncate font-mono text-xs text-gray-500">
              {entry.emailHash}
            </span>
          </li>
        ))}
        {audit.data?.length === 0 && <li className="py-2 text-gray-500">Nenhuma solicitação.</li>}
      </ul>
    </Panel>
  )
}
