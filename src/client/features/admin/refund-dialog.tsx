import { useState } from 'react'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { money } from './money'
import { useRefundOrder } from './admin.mutations'
import { NoteField } from '../../ui/note-field'

const PROVIDER_NAMES: Record<string, string> = { mercadopago: 'Mercado Pago' }

/**
 * Asks before 'Reembolsar': the money goes back through the order's provider; with the store's
 * own PIX key the owner returns it by bank app and says so here. Access ends either way.
 */
export function RefundDialog({
  order,
  open,
  onOpenChange,
}: {
  order: { id: string; customerName: string; totalAmount: string; paymentProvider: string }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const refund = useRefundOrder()
  const [reason, setReason] = useState('')
  const [returned, setReturned] = useState(false)
  const provider = PROVIDER_NAMES[order.paymentProvider]
  const manual = order.paymentProvider === 'static'
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reembolsar este pedido?"
      confirmLabel="Sim, reembolsar"
      onConfirm={() => refund.mutate({ id: order.id, reason, moneyReturned: returned })}
    >
      <p>
        <strong>{money(order.totalAmount)}</strong> de{' '}
        <strong>{order.customerName || 'Cliente'}</strong>.
      </p>
      {provider ? (
        <p className="text-sm">O valor volta ao comprador pelo {provider} (devolução do PIX).</p>
      ) : manual ? (
        <label className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          <input
            type="checkbox"
            data-testid="refund-money-returned"
            checked={returned}
            onChange={(e) => setReturned(e.target.checked)}
            className="mt-0.5 size-5 accent-purple-700"
          />
          <span>
            Já devolvi o valor ao comprador pelo app do banco (a chave PIX da loja não devolve
            sozinha).
          </span>
        </label>
      ) : order.paymentProvider === 'demo' ? (
        <p className="text-sm">Pedido de demonstração: nada foi cobrado, nada volta.</p>
      ) : null}
      <p className="text-sm">
        Downloads, links enviados e modelos do Canva deste pedido deixam de funcionar na hora, e o
        comprador é avisado.
      </p>
      <NoteField
        id={`motivo-reembolso-${order.id}`}
        label="Motivo (opcional)"
        data-testid="refund-admin-reason"
        value={reason}
        rows={2}
        onChange={setReason}
      />
    </ConfirmDialog>
  )
}
