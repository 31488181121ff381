import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminNewsletter } from '../../../../contracts/newsletter'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { shortDate } from '../money'
import { NewsletterForm } from '../newsletters/newsletter-form'
import { recipientsLine } from '../newsletters/newsletter-texts'
import {
  newslettersQuery,
  previewQuery,
  useSendNewsletter,
  useTestNewsletter,
} from '../newsletters/newsletters.api'

/** The width most buyers read on: the preview is the e-mail at a phone's width. */
const PHONE_WIDTH = 390

function Preview({ id }: { id: number }) {
  const { data, error, isPending } = useQuery(previewQuery(id))
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} />
  return (
    <div className="overflow-x-auto" data-testid="newsletter-preview">
      <p className="mb-2 text-sm text-gray-600">
        Assunto: <strong>{data.subject}</strong> · como aparece num celular
      </p>
      {/* sandbox: the e-mail's HTML runs nothing and reaches nothing of the admin's page. */}
      <iframe
        title="Prévia da novidade"
        sandbox=""
        srcDoc={data.html}
        width={PHONE_WIDTH}
        height={640}
        className="mx-auto block max-w-full rounded-2xl border border-purple-100 bg-white"
      />
    </div>
  )
}

const STATUS = {
  draft: { tone: 'gray', label: 'Rascunho' },
  sending: { tone: 'amber', label: 'Enviando' },
  sent: { tone: 'green', label: 'Enviada' },
} as const

function Row({
  item,
  onEdit,
  onPreview,
  onSend,
}: {
  item: AdminNewsletter
  onEdit: () => void
  onPreview: () => void
  onSend: () => void
}) {
  const test = useTestNewsletter()
  const status = STATUS[item.status]
  const progress = item.recipients ? Math.round((item.queued / item.recipients) * 100) : 0
  return (
    <li className="space-y-2 py-3" data-testid="newsletter-row">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-bold text-purple-900">{item.subject}</p>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="text-sm text-gray-600">
        Criada em {shortDate(item.createdAt)}
        {item.sentAt ? ` · enviada em ${shortDate(item.sentAt)}` : ''}
      </p>
      {item.status !== 'draft' ? (
        <div>
          <div
            role="progressbar"
            aria-label="Progresso do envio"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-2 overflow-hidden rounded-full bg-purple-100"
          >
            <div className="h-full bg-purple-600" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-xs text-gray-600">
            {item.queued} de {item.recipients} enviados · {item.unsubscribes} cancelaram a inscrição
            por esta novidade
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onPreview}>
          Prévia
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={test.isPending}
          onClick={() => test.mutate(item.id)}
        >
          Enviar teste para mim
        </Button>
        {item.status === 'draft' ? (
          <>
            <Button size="sm" variant="ghost" onClick={onEdit}>
              Editar
            </Button>
            <Button size="sm" onClick={onSend}>
              Enviar para inscritos
            </Button>
          </>
        ) : null}
      </div>
    </li>
  )
}

/** 'Novidades': opt-in subscribers, and newsletters composed, previewed, tested and sent. */
export function NewslettersTab() {
  const { data, error, isPending, refetch } = useQuery(newslettersQuery())
  const [editing, setEditing] = useState<AdminNewsletter | null>(null)
  const [previewing, setPreviewing] = useState<number | null>(null)
  const [sending, setSending] = useState<AdminNewsletter | null>(null)
  const send = useSendNewsletter()

  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  const { subscribers, newsletters } = data
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-3 gap-2 text-center" data-testid="newsletter-subscribers">
        <div className="rounded-2xl bg-purple-50 p-3">
          <p className="text-xs text-gray-600">Inscritos</p>
          <p className="text-2xl font-extrabold text-purple-900">{subscribers.confirmed}</p>
        </div>
        <div className="rounded-2xl bg-purple-50 p-3">
          <p className="text-xs text-gray-600">Aguardando confirmação</p>
          <p className="text-2xl font-extrabold text-purple-900">{subscribers.pending}</p>
        </div>
        <div className="rounded-2xl bg-purple-50 p-3">
          <p className="text-xs text-gray-600">Cancelaram</p>
          <p className="text-2xl font-extrabold text-purple-900">{subscribers.unsubscribed}</p>
        </div>
      </div>
      <Panel title={editing ? 'Editar novidade' : 'Nova novidade'}>
        <NewsletterForm
          key={editing?.id ?? 'nova'}
          editing={editing}
          onSaved={(id) => {
            setEditing(null)
            setPreviewing(id)
          }}
        />
      </Panel>
      {previewing !== null ? (
        <Panel
          title="Prévia"
          actions={
            <Button size="sm" variant="ghost" onClick={() => setPreviewing(null)}>
              Fechar
            </Button>
          }
        >
          <Preview id={previewing} />
        </Panel>
      ) : null}
      <Panel title="Novidades">
        {newsletters.length === 0 ? (
          <p className="text-gray-600">Nenhuma novidade ainda.</p>
        ) : (
          <ul className="divide-y divide-purple-100">
            {newsletters.map((item) => (
              <Row
                key={item.id}
                item={item}
                onEdit={() => setEditing(item)}
                onPreview={() => setPreviewing(item.id)}
                onSend={() => setSending(item)}
              />
            ))}
          </ul>
        )}
      </Panel>
      <ConfirmDialog
        open={sending !== null}
        onOpenChange={(open) => !open && setSending(null)}
        title={`Enviar "${sending?.subject ?? ''}"?`}
        confirmLabel="Enviar agora"
        onConfirm={() => {
          if (sending) send.mutate(sending.id)
          setSending(null)
        }}
      >
        <p data-testid="newsletter-recipients">
          {recipientsLine(subscribers.confirmed)} Depois de iniciado, o envio não pode ser desfeito.
        </p>
      </ConfirmDialog>
    </div>
  )
}
