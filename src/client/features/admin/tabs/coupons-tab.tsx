import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminCoupon } from '../../../../contracts/coupons'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { CouponForm } from '../coupons/coupon-form'
import {
  adminCouponsQuery,
  bumpStatsQuery,
  recoveryReportQuery,
  useDeleteCoupon,
} from '../coupons/coupons.api'
import { money, shortDate } from '../money'

function describe(coupon: AdminCoupon): string {
  const off =
    coupon.type === 'percent'
      ? `${coupon.value}% de desconto`
      : `${money(coupon.value)} de desconto`
  const parts = [off]
  if (coupon.minAmount) parts.push(`mínimo ${money(coupon.minAmount)}`)
  if (coupon.productIds.length) {
    parts.push(
      coupon.productIds.length === 1 ? '1 produto' : `${coupon.productIds.length} produtos`,
    )
  }
  if (coupon.endsAt) parts.push(`até ${shortDate(coupon.endsAt)}`)
  return parts.join(' · ')
}

/** 'Cupons': create, change and delete coupons, each with its report. */
export function CouponsTab() {
  const { data, error, isPending, refetch } = useQuery(adminCouponsQuery())
  const [editing, setEditing] = useState<AdminCoupon | null>(null)
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null)
  const remove = useDeleteCoupon()

  return (
    <div className="space-y-4">
      <Panel title={editing ? `Editar cupom ${editing.code}` : 'Novo cupom'}>
        <CouponForm key={editing?.id ?? 'novo'} editing={editing} onDone={() => setEditing(null)} />
      </Panel>
      <Panel title="Cupons">
        {isPending ? (
          <Loading />
        ) : error ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <p className="text-gray-600">Nenhum cupom criado ainda.</p>
        ) : (
          <ul className="divide-y divide-purple-100" data-testid="coupon-list">
            {data.map((coupon) => (
              <li key={coupon.id} className="space-y-2 py-3" data-testid="coupon-row">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-mono text-lg font-bold text-purple-900">{coupon.code}</p>
                  <Badge tone={coupon.isActive ? 'green' : 'gray'}>
                    {coupon.isActive ? 'Ativo' : 'Inativo'}
                  </Badge>
                </div>
                <p className="text-sm text-gray-700">{describe(coupon)}</p>
                <dl
                  className="grid grid-cols-3 gap-2 text-center text-sm"
                  data-testid="coupon-report"
                >
                  <div className="rounded-xl bg-purple-50 p-2">
                    <dt className="text-xs text-gray-600">Usos pagos</dt>
                    <dd className="font-bold text-purple-900">
                      {coupon.uses}
                      {coupon.maxUses ? ` / ${coupon.maxUses}` : ''}
                    </dd>
                  </div>
                  <div className="rounded-xl bg-purple-50 p-2">
                    <dt className="text-xs text-gray-600">Desconto dado</dt>
                    <dd className="font-bold text-purple-900">{money(coupon.discountGiven)}</dd>
                  </div>
                  <div className="rounded-xl bg-purple-50 p-2">
                    <dt className="text-xs text-gray-600">Receita</dt>
                    <dd className="font-bold text-purple-900">{money(coupon.revenue)}</dd>
                  </div>
                </dl>
                {coupon.usesHeld > coupon.uses ? (
                  <p className="text-xs text-gray-500">
                    {coupon.usesHeld - coupon.uses} em pedidos aguardando pagamento
                  </p>
                ) : null}
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setEditing(coupon)}>
                    Editar
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(coupon)}>
                    Excluir
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <BumpReport />
      <RecoveryReportPanel />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Excluir o cupom ${deleting?.code ?? ''}?`}
        confirmLabel="Excluir cupom"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id)
          setDeleting(null)
        }}
      >
        <p>
          Um cupom que já foi usado em pedidos não é apagado: ele é desativado e continua no
          relatório.
        </p>
      </ConfirmDialog>
    </div>
  )
}

/** The checkout offers (set in each product's form) and how often buyers took them. */
function BumpReport() {
  const { data, error, isPending, refetch } = useQuery(bumpStatsQuery())
  return (
    <Panel title="Ofertas aceitas no checkout">
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-gray-600">
          Nenhuma oferta aceita em pedidos pagos ainda. As ofertas são definidas no formulário de
          cada produto, em &quot;Ofertas no checkout&quot;.
        </p>
      ) : (
        <ul className="divide-y divide-purple-100" data-testid="bump-report">
          {data.map((row) => (
            <li key={`${row.forProductId}-${row.productId}`} className="py-2 text-sm">
              <p className="font-semibold">{row.productName}</p>
              <p className="text-gray-600">
                com {row.forProductName}: {row.taken} {row.taken === 1 ? 'vez' : 'vezes'} ·{' '}
                {money(row.revenue)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

/** The PIX reminders (set in /admin/config, 'Lembretes'): orders reminded, paid after, revenue. */
function RecoveryReportPanel() {
  const { data, error, isPending, refetch } = useQuery(recoveryReportQuery())
  return (
    <Panel title="Lembretes de PIX não pago">
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <div data-testid="recovery-report" className="space-y-3 text-sm">
          <dl className="grid grid-cols-3 gap-2 text-center">
            <div className="rounded-xl bg-purple-50 p-2">
              <dt className="text-gray-600">Pedidos lembrados</dt>
              <dd className="text-xl font-bold text-purple-900">{data.reminded}</dd>
            </div>
            <div className="rounded-xl bg-purple-50 p-2">
              <dt className="text-gray-600">Pagos depois</dt>
              <dd className="text-xl font-bold text-purple-900">{data.paidAfter}</dd>
            </div>
            <div className="rounded-xl bg-purple-50 p-2">
              <dt className="text-gray-600">Receita</dt>
              <dd className="text-xl font-bold text-purple-900">{money(data.revenue)}</dd>
            </div>
          </dl>
          <p className="text-gray-600">
            {data.reminders} {data.reminders === 1 ? 'lembrete enviado' : 'lembretes enviados'} ·{' '}
            {data.optedOut} {data.optedOut === 1 ? 'comprador pediu' : 'compradores pediram'} para
            não receber mais. Ligue ou ajuste os lembretes em Configurações, aba
            &quot;Lembretes&quot;.
          </p>
          <dl className="grid grid-cols-3 gap-2 text-center" data-testid="abandoned-report">
            <div className="rounded-xl bg-pink-50 p-2">
              <dt className="text-gray-600">Carrinhos lembrados</dt>
              <dd className="text-xl font-bold text-purple-900">{data.abandonedEmailed}</dd>
            </div>
            <div className="rounded-xl bg-pink-50 p-2">
              <dt className="text-gray-600">Recuperados</dt>
              <dd className="text-xl font-bold text-purple-900">{data.abandonedRecovered}</dd>
            </div>
            <div className="rounded-xl bg-pink-50 p-2">
              <dt className="text-gray-600">Receita</dt>
              <dd className="text-xl font-bold text-purple-900">{money(data.abandonedRevenue)}</dd>
            </div>
          </dl>
          <p className="text-gray-600">
            Carrinhos abandonados: um e-mail por carrinho, só para quem já confirmou pelo e-mail que
            quer novidades, no máximo um por semana para cada endereço, nunca depois de um pedido. O
            tempo de espera fica em Configurações.
          </p>
        </div>
      )}
    </Panel>
  )
}
