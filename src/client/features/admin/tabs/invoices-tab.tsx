import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  INVOICE_STATUS_LABELS,
  type AdminInvoice,
  type InvoiceStatus,
} from '../../../../contracts/invoices'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import { path } from '../../../lib/api'
import { Badge } from '../../../ui/badge'
import { Button, buttonClasses } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { useInvoiceAction } from '../admin.mutations'
import { adminInvoiceMonthsQuery, adminInvoicesQuery } from '../admin.queries'
import { money } from '../money'

const TONES: Record<InvoiceStatus, 'amber' | 'green' | 'gray' | 'pink' | 'purple'> = {
  scheduled: 'purple',
  processing: 'amber',
  failed: 'pink',
  authorized: 'green',
  cancel_pending: 'amber',
  cancelled: 'gray',
  cancel_denied: 'pink',
  dropped: 'gray',
}

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })
const monthName = (month: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  )

function Actions({ invoice }: { invoice: AdminInvoice }) {
  const act = useInvoiceAction()
  const [cancelling, setCancelling] = useState(false)
  const canRetry = ['failed', 'scheduled', 'processing', 'cancel_pending'].includes(invoice.status)
  const canCancel = ['authorized', 'cancel_denied', 'scheduled', 'failed', 'processing'].includes(
    invoice.status,
  )
  return (
    <div className="flex flex-wrap gap-2">
      {invoice.pdfUrl && (
        <a
          href={invoice.pdfUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'sm')}
        >
          PDF
        </a>
      )}
      {invoice.xmlUrl && (
        <a
          href={invoice.xmlUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'sm')}
        >
          XML
        </a>
      )}
      {canRetry && (
        <Button
          size="sm"
          data-testid="invoice-retry"
          disabled={act.isPending}
          onClick={() => act.mutate({ orderId: invoice.orderId, action: 'retry' })}
        >
          Tentar de novo
        </Button>
      )}
      {canCancel && (
        <Button
          size="sm"
          variant="secondary"
          data-testid="invoice-cancel"
          disabled={act.isPending}
          onClick={() => setCancelling(true)}
        >
          Cancelar nota
        </Button>
      )}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title="Cancelar a nota fiscal?"
        confirmLabel="Cancelar nota"
        onConfirm={() => act.mutate({ orderId: invoice.orderId, action: 'cancel' })}
      >
        <p className="text-sm">
          O pedido continua como está; só a nota é cancelada na prefeitura (quando ela permite).
        </p>
      </ConfirmDialog>
    </div>
  )
}

/** The monthly totals for the accountant, each with its CSV. */
function Months() {
  const { data } = useQuery(adminInvoiceMonthsQuery())
  if (!data || data.length === 0) return null
  return (
    <div className="mb-4 space-y-2" data-testid="invoice-months">
      <h3 className="text-sm font-semibold text-purple-900">Total por mês (para o contador)</h3>
      <ul className="space-y-1">
        {data.map((m) => (
          <li key={m.month} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="capitalize">
              {monthName(m.month)}: {m.count} {m.count === 1 ? 'nota' : 'notas'},{' '}
              <strong>{money(m.total)}</strong>
            </span>
            <a
              href={path(adminRoutes.invoicesCsv, undefined, { month: m.month })}
              download
              className="font-semibold text-purple-700 underline"
            >
              Baixar CSV
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** 'Notas fiscais': each paid order's nota, its status, number, amount and what went wrong. */
export function InvoicesTab() {
  const { data, error, isPending, refetch } = useQuery(adminInvoicesQuery())
  return (
    <Panel title="Notas fiscais">
      <Months />
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-gray-600">
          Nenhuma nota fiscal ainda. Ligue a emissão em Configurações, seção Nota fiscal.
        </p>
      ) : (
        <ul className="divide-y divide-purple-100">
          {data.map((invoice) => (
            <li key={invoice.orderId} data-testid="invoice-row" className="space-y-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {invoice.number ? `Nota nº ${invoice.number}` : 'Nota sem número'}
                </p>
                <Badge tone={TONES[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>
              </div>
              <p className="text-sm text-gray-700">
                {invoice.customerName} · {money(invoice.amount)} ·{' '}
                {when.format(new Date(invoice.authorizedAt ?? invoice.createdAt))}
              </p>
              <p className="text-xs break-all text-gray-500">Pedido {invoice.orderId}</p>
              {invoice.message && (
                <p className="rounded-xl bg-pink-50 p-2 text-sm text-pink-900">{invoice.message}</p>
              )}
              <Actions invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
