import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import type { WhatsappConfigBody } from '../../../../contracts/messaging'
import { call } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { adminKeys, whatsappConfigQuery } from '../admin.queries'

/** Saves the integration's fields; the status is asked again at once, not in 5 s. */
export function useSaveWhatsappConfig() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: WhatsappConfigBody) => call(adminRoutes.saveWhatsappConfig, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(whatsappConfigQuery().queryKey, saved)
      for (const queryKey of [adminKeys.whatsappStatus(), adminKeys.settings()])
        void queryClient.invalidateQueries({ queryKey })
      toast({ title: 'Configuração salva!', variant: 'success', duration: 3000 })
    },
    onError: (error) =>
      toast({
        title: 'Erro ao salvar configuração',
        description: error.message || 'Failed to save setting',
        variant: 'destructive',
      }),
  })
}

/** POST /api/test-whatsapp: an order's buyer message again, or a test text to the admin. */
export function useTestWhatsapp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (orderId: string) =>
      call(adminRoutes.testWhatsapp, { body: orderId ? { orderId } : {} }),
    onSuccess: (answer) => {
      toast({ title: 'Mensagem enviada!', description: answer.message, variant: 'success' })
      void queryClient.invalidateQueries({ queryKey: adminKeys.whatsappStatus() })
    },
    onError: (error) =>
      toast({ title: 'Erro no envio', description: error.message, variant: 'destructive' }),
  })
}
