import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AdminOrder, AdminUser, SettingBody } from '../../../contracts/admin'
import { apiJson } from '../../lib/api'
import { toast } from '../../ui/toast-store'
import { productKeys } from '../catalog/catalog.queries'
import { publicSettingsQuery } from '../settings/settings.queries'
import { adminKeys } from './admin.queries'

/**
 * After any product write: the admin's product lists, its totals, and every view of the store's
 * products (list, best sellers, each product, suggestions) show the change at once.
 */
export function refreshProducts(queryClient: QueryClient) {
  for (const queryKey of [adminKeys.products(), adminKeys.analytics(), productKeys.all])
    void queryClient.invalidateQueries({ queryKey })
}

const failed = (title: string, fallback: string) => (error: Error) =>
  toast({ title, description: error.message || fallback, variant: 'destructive' })

const done = (title: string, description?: string) =>
  toast({ title, description, variant: 'success', duration: 3000 })

export function useToggleProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      apiJson(`/api/admin/products-light/${id}/toggle`, { method: 'PUT', body: { isActive } }),
    onSuccess: (_answer, { isActive }) => {
      done(isActive ? 'Produto ativado!' : 'Produto desativado!')
      refreshProducts(queryClient)
    },
    onError: failed('Erro ao atualizar produto', 'Failed to toggle product status'),
  })
}

export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiJson(`/api/products/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      done('Produto removido!')
      refreshProducts(queryClient)
    },
    onError: (error) =>
      error.message
        ? failed('Erro ao remover produto', 'Failed to delete product')(error)
        : failed('Erro ao excluir', 'Não foi possível excluir o produto.')(error),
  })
}

export function useOrderStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminOrder['status'] }) =>
      apiJson(`/api/admin/orders/${id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: () => {
      done('Status atualizado!')
      for (const queryKey of [adminKeys.orders(), adminKeys.analytics(), adminKeys.downloads()])
        void queryClient.invalidateQueries({ queryKey })
    },
    // 409 (a transition the order's state refuses) arrives with the server's reason.
    onError: failed('Erro ao atualizar status', 'Failed to update order status'),
  })
}

export function useUserRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: AdminUser['role'] }) =>
      apiJson(`/api/admin/users/${id}/role`, { method: 'PUT', body: { role } }),
    onSuccess: () => done('Função atualizada!'),
    onError: failed('Erro ao atualizar usuário', 'Failed to update user role'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  })
}

export function useSaveSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (setting: z.input<typeof SettingBody>) =>
      apiJson('/api/admin/settings', {
        method: 'POST',
        body: { ...setting, description: setting.description ?? '' },
      }),
    onSuccess: () => {
      done('Configuração salva!')
      for (const queryKey of [
        adminKeys.settings(),
        adminKeys.paymentMode(),
        publicSettingsQuery().queryKey,
        adminKeys.whatsappConfig(),
      ])
        void queryClient.invalidateQueries({ queryKey })
    },
    onError: failed('Erro ao salvar configuração', 'Failed to save setting'),
  })
}
