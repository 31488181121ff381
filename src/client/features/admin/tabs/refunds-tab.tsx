import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminRefund, RefundStatus } from '../../../../contracts/refunds'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { useRefundDecision } from '../admin.mutations'
import { adminRefundsQuery } from '../admin.queries'
import { money } from '../money'
import { RefundDialog } from '../refund-dialog'
import { NoteField } from '../../../ui/note-field'

const STATUS: Record<RefundStatus, { label: string; tone: 'amber' | 'green' | 'gray' | 'pink' }> = {
  review: { label: 'Em análise', tone: 'amber' },
  return_money: { label: 'Reembolso a enviar', tone: 'pink' },
  refunded: { label: 'Reembolsado', tone: 'green' },
  declined: { label: 'Recusado', tone: 'gray' },
}

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })
const at = (iso: string) => when.format(new Date(iso))

/** What the buyer did with the materials: the facts the owner decides on. */
function UseHistory({ refund }: { refund: AdminRefund }) {
  if (refund.uses.length === 0) {
    return <p className="text-sm text-emerald-800">Nenhum material baixado ou aberto.</p>
  }
  return (
    <details className="text-sm text-gray-700">
      <summary className="cursor-pointer font-semibold text-purple-900">
        {refund.uses.length} {refund.uses.length === 1 ? 'uso' : 'usos'} dos materiais
      </summary>
      <ul data-testid="refund-uses" className="mt-1 space-y-0.5 pl-4">
        {refund.uses.map((use, i) => (
          <li key={i}>
            {at(use.at)}: {use.kind === 'download' ? 'download de' : 'abriu no Canva'}{' '}
            {use.productName}
          </li>
        ))}
      </ul>
    </details>
  )
}

/**
 * A refund under the store's own key: the owner sends the PIX back by bank app, then ticks it
 * here ('Marcar como enviado'); the buyer gets a second e-mail saying it was sent.
 */
export function MarkRefundSent({ orderId }: { orderId: string }) {
  const decide = useRefundDecision()
  const [asking, setAsking] = useState(false)
  return (
    <>
      <Button
        size="sm"
        variant="success"
        data-testid="refund-money-back"
        disabled={decide.isPending}
        onClick={() => setAsking(true)}
      >
        Marcar como enviado
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Devolução enviada?"
        confirmLabel="Sim, já devolvi"
        onConfirm={() => decide.mutate({ id: orderId, moneyReturned: true })}
      >
        <p>Confirme só depois de devolver o valor por PIX pelo app do banco.</p>
        <p className="text-sm">
          O comprador recebe um e-mail avisando que a devolução foi enviada.
        </p>
      </ConfirmDialog>
    </>
  )
}

function Decisions({ refund }: { refund: AdminRefund }) {
  const decide = useRefundDecision()
  const [refunding, setRefunding] = useState(false)
  const [declining, setDeclining] = useState(false)
  const [note, setNote] = useState('')
  if (refund.status === 'return_money') {
    return <MarkRefundSent orderId={refund.orderId} />
  }
  if (refund.status !== 'review') return null
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" data-testid="refund-approve" onClick={() => setRefunding(true)}>
        Reembolsar
      </Button>
      <Button
        size="sm"
        variant="secondary"
        data-testid="refund-decline"
        disabled={decide.isPending}
        onClick={() => setDeclining(true)}
      >
        Recusar
      </Button>
      <RefundDialog
        order={{ ...refund, id: refund.orderId }}
        open={refunding}
        onOpenChange={setRefunding}
      />
      <ConfirmDialog
        open={declining}
        onOpenChange={setDeclining}
        title="Recusar o reembolso?"
        confirmLabel="Recusar"
        onConfirm={() => decide.mutate({ id: refund.orderId, decline: note })}
      >
        <p className="text-sm">O pedido continua pago e o comprador mantém os materiais.</p>
        <NoteField
          id={`recusa-${refund.orderId}`}
          label="Motivo, para o comprador"
          value={note}
          onChange={setNote}
        />
      </ConfirmDialog>
    </div>
  )
}

/** 'Reembolsos': requests waiting for the owner first, each with the order's download history. */
export function RefundsTab() {
  const { data, error, isPending, refetch } = useQuery(adminRefundsQuery())
  return (
    <Panel title="Reembolsos">
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-gray-600">Nenhum pedido de reembolso.</p>
      ) : (
        <ul className="divide-y divide-purple-100">
          {data.map((refund) => (
            <li key={refund.orderId} data-testid="refund-row" className="space-y-1 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {refund.customerName || 'Cliente'}{' '}
                  <span className="font-mono text-xs text-gray-500">
                    #{refund.orderId.slice(0, 8)}
                  </span>
                </p>
                <Badge tone={STATUS[refund.status].tone}>{STATUS[refund.status].label}</Badge>
              </div>
              <p className="text-sm text-gray-800">
                {refund.items.join(', ')} ·{' '}
                <strong className="text-purple-900">{money(refund.totalAmount)}</strong>
              </p>
              <p className="text-sm text-gray-500">
                {refund.customerEmail} · {refund.origin === 'buyer' ? 'pedido em' : 'feito em'}{' '}
                {at(refund.createdAt)}
                {refund.paidAt ? ` · pago em ${at(refund.paidAt)}` : ''}
              </p>
              {refund.reason && (
                <p className="text-sm text-gray-800">
                  <span className="font-semibold">Motivo:</span> {refund.reason}
                </p>
              )}
              {refund.decisionNote && (
                <p className="text-sm text-gray-600">
                  <span className="font-semibold">Resposta da loja:</span> {refund.decisionNote}
                </p>
              )}
              <UseHistory refund={refund} />
              <Decisions refund={refund} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
