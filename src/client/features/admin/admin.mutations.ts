import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiJson } from '../../lib/api'
import { toast } from '../../ui/toast-store'
import type { AdminOrder, AdminSetting, AdminUser } from '../../../contracts/admin'
import { PRODUCT_KEYS } from './admin.queries'

/** After any product write: the admin lists and the store's own lists show the change at once. */
export function refreshProducts(queryClient: QueryClient, id?: number) {
  for (const queryKey of PRODUCT_KEYS) void queryClient.invalidateQueries({ queryKey })
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: [`/api/products/${id}`] })
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
    onSuccess: (_answer, { id, isActive }) => {
      done(isActive ? 'Produto ativado!' : 'Produto desativado!')
      refreshProducts(queryClient, id)
    },
    onError: failed('Erro ao atualizar produto', 'Failed to toggle product status'),
  })
}

export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiJson(`/api/products/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      done('Produto removido!')
      refreshProducts(queryClient, id)
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
      for (const url of ['/api/admin/orders', '/api/admin/analytics', '/api/admin/downloads'])
        void queryClient.invalidateQueries({ queryKey: [url] })
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] }),
  })
}

type SettingInput = Pick<AdminSetting, 'key' | 'category'> & {
  value: string
  description?: string | null
}

export function useSaveSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (setting: SettingInput) =>
      apiJson('/api/admin/settings', {
        method: 'POST',
        body: { ...setting, description: setting.description ?? '' },
      }),
    onSuccess: () => {
      done('Configuração salva!')
      for (const url of [
        '/api/admin/settings',
        '/api/settings/public',
        '/api/admin/whatsapp-config',
      ])
        void queryClient.invalidateQueries({ queryKey: [url] })
    },
    onError: failed('Erro ao salvar configuração', 'Failed to save setting'),
  })
}
