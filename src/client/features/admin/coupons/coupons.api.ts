import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { BumpStat, RecoveryReport } from '../../../../contracts/admin'
import type { AdminCoupon, CouponInput } from '../../../../contracts/coupons'
import { apiJson } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { adminKeys } from '../admin.queries'

const couponsKey = () => [...adminKeys.all, 'coupons'] as const

export const adminCouponsQuery = () =>
  queryOptions({
    queryKey: couponsKey(),
    queryFn: ({ signal }) => apiJson<AdminCoupon[]>('/api/admin/coupons', { signal }),
  })

/** How often each checkout offer (order bump) was taken in paid orders. */
export const bumpStatsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'order-bumps'],
    queryFn: ({ signal }) => apiJson<BumpStat[]>('/api/admin/order-bumps', { signal }),
  })

/** What the reminders of unpaid PIX brought back. */
export const recoveryReportQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'recovery'],
    queryFn: ({ signal }) => apiJson<RecoveryReport>('/api/admin/recovery', { signal }),
  })

/** Create (no id) or change a coupon; the list and its report follow. */
export function useSaveCoupon(onSaved: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CouponInput }) =>
      apiJson<AdminCoupon>(id ? `/api/admin/coupons/${id}` : '/api/admin/coupons', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: (coupon, { id }) => {
      toast({
        title: id ? 'Cupom atualizado!' : 'Cupom criado!',
        description: `${coupon.code} já vale na loja${coupon.isActive ? '' : ' quando for ativado'}.`,
        variant: 'success',
        duration: 3000,
      })
      void queryClient.invalidateQueries({ queryKey: couponsKey() })
      onSaved()
    },
    onError: (error) =>
      toast({ title: 'Erro ao salvar cupom', description: error.message, variant: 'destructive' }),
  })
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<{ deleted: boolean }>(`/api/admin/coupons/${id}`, { method: 'DELETE' }),
    onSuccess: ({ deleted }) => {
      toast({
        title: deleted ? 'Cupom excluído!' : 'Cupom desativado',
        description: deleted
          ? undefined
          : 'Ele já foi usado em pedidos: fica no relatório, mas não vale mais.',
        variant: 'success',
        duration: 4000,
      })
      void queryClient.invalidateQueries({ queryKey: couponsKey() })
    },
    onError: (error) =>
      toast({ title: 'Erro ao excluir cupom', description: error.message, variant: 'destructive' }),
  })
}
