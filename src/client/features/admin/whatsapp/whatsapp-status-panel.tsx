import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { WhatsappStatus } from '../../../../contracts/messaging'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/field'
import { Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { whatsappStatusQuery } from '../admin.queries'
import { useTestWhatsapp } from './whatsapp.api'

const DETAILS: Record<WhatsappStatus['instanceStatus'], string> = {
  open: 'Instância conectada ao WhatsApp.',
  connecting: 'Instância conectando: leia o QR code na Evolution API.',
  close: 'Instância desconectada: reconecte o celular na Evolution API.',
  not_configured: 'Preencha a URL, a chave e a instância abaixo.',
  error: 'Não foi possível falar com a Evolution API.',
}

function stateOf(status: WhatsappStatus | undefined) {
  if (!status) return { label: 'Desconectado', tone: 'amber' as const }
  if (status.connected) return { label: 'Conectado', tone: 'green' as const }
  if (status.instanceStatus === 'not_configured') {
    return { label: 'Não configurado', tone: 'gray' as const }
  }
  return { label: 'Desconectado', tone: 'amber' as const }
}

/** The gateway's own state, asked every 5 s; a failed poll shows as disconnected, not a crash. */
export function WhatsappStatusPanel() {
  const { data, error, isPending } = useQuery(whatsappStatusQuery())
  const [orderId, setOrderId] = useState('')
  const test = useTestWhatsapp()
  const status = error ? undefined : data
  const state = stateOf(status)

  return (
    <Panel title="Status da conexão">
      {isPending ? (
        <Loading label="Verificando..." />
      ) : (
        <div className="space-y-3">
          <div aria-live="polite" className="space-y-1">
            <Badge tone={state.tone}>
              <span data-testid="whatsapp-connection">{state.label}</span>
            </Badge>
            <p className="text-sm text-gray-700">
              {status ? DETAILS[status.instanceStatus] : error?.message}
              {status?.error ? ` ${status.error}` : ''}
            </p>
          </div>
          {status && (
            <p className="text-sm text-gray-600">
              Mensagens enviadas: <strong data-testid="whatsapp-sent">{status.messagesSent}</strong>
              {status.messagesPending > 0 && ` · aguardando: ${status.messagesPending}`}
              {status.messagesFailed > 0 && ` · com falha: ${status.messagesFailed}`}
            </p>
          )}
          <p className="text-xs text-gray-500">Atualizado a cada 5 segundos.</p>
          <form
            className="flex flex-wrap items-end gap-2 border-t border-purple-100 pt-3"
            onSubmit={(event) => {
              event.preventDefault()
              test.mutate(orderId.trim())
            }}
          >
            <Field
              name="orderId"
              id="whatsapp-test-order"
              label="ID do pedido (opcional: reenvia a mensagem ao comprador)"
              value={orderId}
              onChange={(e) => setOrderId(e.target.value)}
              className="min-w-0 flex-1 basis-64"
            />
            <Button type="submit" variant="secondary" disabled={test.isPending}>
              {test.isPending ? 'Enviando...' : 'Enviar teste'}
            </Button>
          </form>
        </div>
      )}
    </Panel>
  )
}
