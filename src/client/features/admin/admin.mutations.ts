import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AdminOrder, AdminUser, SettingBody } from '../../../contracts/admin'
import type { BodyOf } from '../../../contracts/api-route'
import * as adminRoutes from '../../../contracts/api-routes/admin.routes'
import * as previewRoutes from '../../../contracts/api-routes/previews.routes'
import * as storeAdmin from '../../../contracts/api-routes/store-admin.routes'
import type { LogoAnswer } from '../../../contracts/store'
import { call, callRaw, path } from '../../lib/api'
import { saveBlob } from '../../lib/save-blob'
import { sendWithProgress } from '../../lib/xhr-upload'
import { toast } from '../../ui/toast-store'
import { productKeys } from '../catalog/catalog.api'
import { publicSettingsQuery } from '../settings/settings.api'
import { paymentMethodsKeys } from '../settings/delivery-promise'
import { adminKeys } from './admin.queries'
import type { Period } from './dashboard/period'

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

/** A product's Canva link; its earlier buyers get it at once (decision 007). */
export const addCanvaLink = (body: BodyOf<typeof adminRoutes.addCanvaLink>) =>
  call(adminRoutes.addCanvaLink, { body })

/** 'Tentar de novo': the preview is queued again; the form shows 'Gerando prévia...' at once. */
export function useRetryPreview(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(previewRoutes.retryPreview, { params: { id } }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.preview(id), answer),
    onError: failed('Erro ao gerar a prévia', 'Não foi possível pedir a prévia de novo.'),
  })
}

export function useToggleProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      call(adminRoutes.toggleProduct, { params: { id }, body: { isActive } }),
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
    mutationFn: (id: number) => call(adminRoutes.deleteProduct, { params: { id } }),
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
    mutationFn: ({
      id,
      status,
    }: {
      id: string
      status: Exclude<AdminOrder['status'], 'awaiting_confirmation'>
    }) => call(adminRoutes.orderStatus, { params: { id }, body: { status } }),
    onSuccess: () => {
      done('Status atualizado!')
      for (const queryKey of [adminKeys.orders(), adminKeys.analytics(), adminKeys.downloads()])
        void queryClient.invalidateQueries({ queryKey })
    },
    // 409 (a transition the order's state refuses) arrives with the server's reason.
    onError: failed('Erro ao atualizar status', 'Failed to update order status'),
  })
}

/** After a refund decision: the order lists, the totals, the downloads and the refunds list. */
function refreshRefunds(queryClient: QueryClient) {
  for (const queryKey of [
    adminKeys.orders(),
    adminKeys.analytics(),
    adminKeys.downloads(),
    adminKeys.refunds(),
  ])
    void queryClient.invalidateQueries({ queryKey })
}

/** 'Reembolsar': through the order's provider, or confirmed by the owner for a static key. */
export function useRefundOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string; reason: string; moneyReturned: boolean }) =>
      call(adminRoutes.refundOrder, {
        params: { id: input.id },
        body: { reason: input.reason, moneyReturned: input.moneyReturned },
      }),
    onSuccess: (answer) =>
      done(
        'Pedido reembolsado!',
        answer.status === 'return_money'
          ? 'Devolva o PIX ao comprador e toque em “Marcar como enviado”.'
          : 'O acesso aos materiais foi encerrado e o comprador foi avisado.',
      ),
    onError: failed('Erro ao reembolsar', 'Não foi possível reembolsar o pedido.'),
    onSettled: () => refreshRefunds(queryClient),
  })
}

/** A decision on a refund under review: decline it, or confirm the PIX went back. */
export function useRefundDecision() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string } & ({ decline: string } | { moneyReturned: true })) =>
      'decline' in input
        ? call(adminRoutes.declineRefund, {
            params: { id: input.id },
            body: { note: input.decline },
          })
        : call(adminRoutes.moneyReturned, { params: { id: input.id } }),
    onSuccess: (answer) =>
      done(answer.status === 'declined' ? 'Reembolso recusado' : 'Devolução registrada!'),
    onError: failed('Erro ao salvar', 'Não foi possível salvar a decisão.'),
    onSettled: () => refreshRefunds(queryClient),
  })
}

export function useUserRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: AdminUser['role'] }) =>
      call(adminRoutes.userRole, { params: { id }, body: { role } }),
    onSuccess: () => done('Função atualizada!'),
    onError: failed('Erro ao atualizar usuário', 'Failed to update user role'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  })
}

export function useSaveSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (setting: z.input<typeof SettingBody>) =>
      call(adminRoutes.saveSetting, {
        body: { ...setting, description: setting.description ?? '' },
      }),
    onSuccess: () => {
      done('Configuração salva!')
      for (const queryKey of [
        adminKeys.settings(),
        adminKeys.paymentMode(),
        publicSettingsQuery().queryKey,
        // What the store promises follows how it charges.
        paymentMethodsKeys.methods(),
        adminKeys.whatsappConfig(),
      ])
        void queryClient.invalidateQueries({ queryKey })
    },
    onError: failed('Erro ao salvar configuração', 'Failed to save setting'),
  })
}

/** The owner's retry or cancel of one nota fiscal. */
export function useInvoiceAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, action }: { orderId: string; action: 'retry' | 'cancel' }) =>
      call(action === 'retry' ? adminRoutes.retryInvoice : adminRoutes.cancelInvoice, {
        params: { orderId },
      }),
    onSuccess: (answer) =>
      done(
        answer.status === 'cancelled' || answer.status === 'dropped'
          ? 'Nota cancelada'
          : 'Pedido enviado',
      ),
    onError: failed('Erro na nota fiscal', 'Não foi possível falar com o emissor.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invoices() }),
  })
}

/**
 * 'Marcar selecionados': one write for all the products chosen. The lists, the checklist's
 * count and the storefront's catalogue (its filters and facets) follow at once.
 */
export function useTagProducts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminRoutes.tagProducts>) =>
      call(adminRoutes.tagProducts, { body }),
    onSuccess: ({ updated }) => {
      done(updated.length === 1 ? '1 produto marcado' : `${updated.length} produtos marcados`)
      refreshProducts(queryClient)
      void queryClient.invalidateQueries({ queryKey: adminKeys.checklist() })
    },
  })
}

/** 'Exportar CSV': the orders of the dashboard's period, saved as pedidos-<de>-a-<até>.csv. */
export function useExportOrdersCsv() {
  return useMutation({
    mutationFn: async (period: Period) => {
      const response = await callRaw(adminRoutes.ordersCsv, { query: { ...period } })
      saveBlob(await response.blob(), `pedidos-${period.from}-a-${period.to}.csv`)
    },
    onError: () =>
      toast({
        title: 'Não foi possível exportar os pedidos. Tente novamente.',
        variant: 'destructive',
      }),
  })
}

/**
 * The store's logo, sent (checked by its content on the server) or removed ('Voltar à maçã'):
 * the header, the e-mails and the panel follow.
 */
export function useStoreLogo() {
  const queryClient = useQueryClient()
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey })
    void queryClient.invalidateQueries({ queryKey: adminKeys.all })
  }
  const onError = (error: Error) =>
    toast({
      title: 'Não foi possível trocar o logo',
      description: error.message || 'Tente de novo.',
      variant: 'destructive',
    })
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData()
      body.append('logo', file)
      return sendWithProgress<LogoAnswer>({
        method: 'POST',
        url: path(storeAdmin.uploadLogo),
        body,
        timeoutMs: 120_000,
        timeoutMessage: 'O envio do logo demorou demais. Tente de novo.',
      })
    },
    onSuccess: () => {
      done('Logo salvo!')
      refresh()
    },
    onError,
  })
  const remove = useMutation({
    mutationFn: () => call(storeAdmin.deleteLogo),
    onSuccess: () => {
      done('Logo removido: a loja volta à maçã')
      refresh()
    },
    onError,
  })
  return { upload, remove }
}
