import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import type { CouponInput } from '../../../../contracts/coupons'
import { call } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { adminKeys } from '../admin.queries'

/** The coupons and the reports beside them, under the panel's 'admin' prefix. */
export const couponKeys = {
  list: () => [...adminKeys.all, 'coupons'] as const,
  bumpStats: () => [...adminKeys.all, 'order-bumps'] as const,
  recovery: () => [...adminKeys.all, 'recovery'] as const,
}

export const adminCouponsQuery = () =>
  queryOptions({
    queryKey: couponKeys.list(),
    queryFn: ({ signal }) => call(adminRoutes.coupons, { signal }),
  })

/** How often each checkout offer (order bump) was taken in paid orders. */
export const bumpStatsQuery = () =>
  queryOptions({
    queryKey: couponKeys.bumpStats(),
    queryFn: ({ signal }) => call(adminRoutes.bumpStats, { signal }),
  })

/** What the reminders of unpaid PIX brought back. */
export const recoveryReportQuery = () =>
  queryOptions({
    queryKey: couponKeys.recovery(),
    queryFn: ({ signal }) => call(adminRoutes.recovery, { signal }),
  })

/**
 * Create (no id) or change a coupon; the list and its report follow. `showUnderField` places a
 * refusal under the field it names (answers whether it did); others are toasted.
 */
export function useSaveCoupon(onSaved: () => void, showUnderField: (error: Error) => boolean) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CouponInput }) =>
      id
        ? call(adminRoutes.updateCoupon, { params: { id }, body: input })
        : call(adminRoutes.createCoupon, { body: input }),
    onSuccess: (coupon, { id }) => {
      toast({
        title: id ? 'Cupom atualizado!' : 'Cupom criado!',
        description: `${coupon.code} já vale na loja${coupon.isActive ? '' : ' quando for ativado'}.`,
        variant: 'success',
        duration: 3000,
      })
      void queryClient.invalidateQueries({ queryKey: couponKeys.list() })
      onSaved()
    },
    onError: (error) => {
      if (!showUnderField(error))
        toast({ title: 'Erro ao salvar cupom', description: error.message, variant: 'destructive' })
    },
  })
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(adminRoutes.deleteCoupon, { params: { id } }),
    onSuccess: ({ deleted }) => {
      toast({
        title: deleted ? 'Cupom excluído!' : 'Cupom desativado',
        description: deleted
          ? undefined
          : 'Ele já foi usado em pedidos: fica no relatório, mas não vale mais.',
        variant: 'success',
        duration: 4000,
      })
      void queryClient.invalidateQueries({ queryKey: couponKeys.list() })
    },
    onError: (error) =>
      toast({ title: 'Erro ao excluir cupom', description: error.message, variant: 'destructive' }),
  })
}
