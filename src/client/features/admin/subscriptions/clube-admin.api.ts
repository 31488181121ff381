import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as clube from '../../../../contracts/api-routes/clube.routes'
import type { AdminPlan, AdminSubscription, PlanInput } from '../../../../contracts/subscriptions'
import { call, path } from '../../../lib/api'
import { sendWithProgress } from '../../../lib/xhr-upload'
import { toast } from '../../../ui/toast-store'
import { adminKeys } from '../admin.queries'

/** The Clube tab's reads: a write to a plan or a subscription refreshes all of them. */
export const clubeAdminKeys = {
  all: [...adminKeys.all, 'clube'] as const,
  plans: () => [...clubeAdminKeys.all, 'plans'] as const,
  subscriptions: () => [...clubeAdminKeys.all, 'subscriptions'] as const,
  figures: () => [...clubeAdminKeys.all, 'figures'] as const,
}

export const clubePlansQuery = () =>
  queryOptions({
    queryKey: clubeAdminKeys.plans(),
    queryFn: ({ signal }) => call(clube.adminPlans, { signal }),
  })

export const clubeSubscriptionsQuery = () =>
  queryOptions({
    queryKey: clubeAdminKeys.subscriptions(),
    queryFn: ({ signal }) => call(clube.adminSubscriptions, { signal }),
  })

export const clubeFiguresQuery = () =>
  queryOptions({
    queryKey: clubeAdminKeys.figures(),
    queryFn: ({ signal }) => call(clube.clubeFigures, { signal }),
  })

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' })

/** The plan's cover, sent after the plan is saved (the upload names the plan). */
function uploadPlanImage(planId: number, file: File) {
  const body = new FormData()
  body.append('image', file)
  return sendWithProgress<AdminPlan>({
    method: 'POST',
    url: path(clube.uploadPlanImage, { id: planId }),
    body,
    timeoutMs: 120_000,
    timeoutMessage: 'O envio da imagem demorou demais. Tente de novo.',
  })
}

/**
 * Creates a plan (none given) or changes `plan`, then sends its new cover if one was chosen.
 * `onSaved` follows the success toast; a refusal goes to `onError` (the form shows it).
 */
export function useSavePlan(
  plan: AdminPlan | null,
  onSaved: () => void,
  onError: (error: Error) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ body, file }: { body: PlanInput; file: File | null }) => {
      const saved = plan
        ? await call(clube.updatePlan, { params: { id: plan.id }, body })
        : await call(clube.createPlan, { body })
      return file ? uploadPlanImage(saved.id, file) : saved
    },
    onSuccess: (saved) => {
      toast({
        title: plan ? 'Plano salvo!' : 'Plano criado!',
        description: saved.name,
        variant: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: clubeAdminKeys.all })
      onSaved()
    },
    onError,
  })
}

/** 'Ativar' / 'Desativar': the plan as it is, on sale or not. */
export function useTogglePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PlanInput }) =>
      call(clube.updatePlan, { params: { id }, body }),
    onSuccess: (saved) => {
      toast({
        title: saved.isActive ? 'Plano à venda de novo' : 'Plano desativado',
        description: saved.isActive
          ? 'Ele volta a aparecer em /clube.'
          : 'Ninguém novo assina; quem já assina continua até cancelar.',
        variant: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: clubeAdminKeys.all })
    },
    onError: failed('Não deu certo'),
  })
}

/** Deletes a plan; the server refuses one with active subscribers (its message is toasted). */
export function useDeletePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (plan: AdminPlan) => call(clube.deletePlan, { params: { id: plan.id } }),
    onSuccess: () => {
      toast({ title: 'Plano excluído', variant: 'success' })
      void queryClient.invalidateQueries({ queryKey: clubeAdminKeys.all })
    },
    onError: failed('Não deu para excluir'),
  })
}

/** The owner's cancel of a subscription, or a free period given to it. */
export function useSubscriptionAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      sub,
      kind,
    }: {
      sub: AdminSubscription
      kind: 'cancel' | 'free'
    }): Promise<unknown> =>
      kind === 'cancel'
        ? call(clube.adminCancelSubscription, { params: { id: sub.id } })
        : call(clube.freePeriod, { params: { id: sub.id } }),
    onSuccess: (_answer, { kind }) => {
      toast({
        title: kind === 'cancel' ? 'Assinatura cancelada' : 'Período grátis dado',
        variant: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: clubeAdminKeys.all })
    },
    onError: failed('Não deu certo'),
  })
}
