import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminPlan, PlanInput } from '../../../../contracts/subscriptions'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { Panel } from '../../../ui/panel'
import { LoadError, Loading } from '../../../ui/query-state'
import { clubePlansQuery, useDeletePlan, useTogglePlan } from '../subscriptions/clube-admin.api'
import { ClubeFiguresGrid } from '../subscriptions/clube-figures'
import { PlanForm } from '../subscriptions/plan-form'
import { SubscribersList } from '../subscriptions/subscribers-list'
import { money } from '../money'

function grantsText(plan: AdminPlan): string {
  const g = plan.grants
  if ('all' in g) return 'todos os materiais'
  if ('categories' in g) return `${g.categories.length} categorias`
  return `${g.productIds.length} materiais escolhidos`
}

const inputOf = (plan: AdminPlan, changes: Partial<PlanInput>): PlanInput => ({
  name: plan.name,
  description: plan.description,
  price: plan.price,
  interval: plan.interval,
  grants: plan.grants,
  downloadsPerMaterial: plan.downloadsPerMaterial,
  isActive: plan.isActive,
  imageUrl: plan.imageUrl,
  ...changes,
})

/** One plan: what it costs and opens, and its edit, on/off and delete buttons. */
function PlanRow({
  plan,
  onEdit,
  onDelete,
}: {
  plan: AdminPlan
  onEdit: () => void
  onDelete: () => void
}) {
  const toggle = useTogglePlan()
  return (
    <li className="flex gap-3 py-3" data-testid="clube-admin-plan">
      {plan.imageUrl ? (
        <img src={plan.imageUrl} alt="" className="h-16 w-16 shrink-0 rounded-xl object-cover" />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-bold text-purple-900">{plan.name}</p>
          <Badge tone={plan.isActive ? 'green' : 'gray'}>
            {plan.isActive ? 'À venda' : 'Desativado'}
          </Badge>
        </div>
        <p className="text-sm text-gray-700">
          {money(plan.price)} por {plan.interval === 'year' ? 'ano' : 'mês'} · {grantsText(plan)} (
          {plan.materials} {plan.materials === 1 ? 'material' : 'materiais'}) ·{' '}
          {plan.downloadsPerMaterial} downloads por ciclo · {plan.subscribers}{' '}
          {plan.subscribers === 1 ? 'assinante' : 'assinantes'}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Button size="sm" onClick={onEdit} data-testid="clube-plan-edit">
            Editar
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={toggle.isPending}
            onClick={() =>
              toggle.mutate({ id: plan.id, body: inputOf(plan, { isActive: !plan.isActive }) })
            }
          >
            {plan.isActive ? 'Desativar' : 'Ativar'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete}>
            Excluir
          </Button>
        </div>
      </div>
    </li>
  )
}

/** 'Clube': the figures, the plans (created, edited, switched off, deleted) and subscribers. */
export function ClubeTab() {
  const [editing, setEditing] = useState<AdminPlan | null>(null)
  const [deleting, setDeleting] = useState<AdminPlan | null>(null)
  const plans = useQuery(clubePlansQuery())
  const remove = useDeletePlan()

  return (
    <div className="space-y-4">
      <Panel title="Números do clube">
        <ClubeFiguresGrid />
      </Panel>
      <Panel title={editing ? `Editar plano: ${editing.name}` : 'Novo plano'}>
        <PlanForm
          key={editing?.id ?? 'novo'}
          plan={editing}
          onDone={() => {
            setEditing(null)
            window.scrollTo({ top: 0 })
          }}
        />
      </Panel>
      <Panel title="Planos">
        {plans.isPending ? (
          <Loading />
        ) : plans.error ? (
          <LoadError error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.data.length === 0 ? (
          <p className="text-gray-600">Nenhum plano ainda.</p>
        ) : (
          <ul className="divide-y divide-purple-100">
            {plans.data.map((p) => (
              <PlanRow
                key={p.id}
                plan={p}
                onEdit={() => {
                  setEditing(p)
                  window.scrollTo({ top: 0, behavior: 'smooth' })
                }}
                onDelete={() => setDeleting(p)}
              />
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Assinantes">
        <SubscribersList />
      </Panel>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Excluir o plano ${deleting?.name ?? ''}?`}
        confirmLabel="Excluir plano"
        cancelLabel="Voltar"
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        <p>
          O plano sai da loja. Um plano com assinantes ativos não pode ser excluído: desative-o.
        </p>
      </ConfirmDialog>
    </div>
  )
}
