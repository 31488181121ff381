import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import { call } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { adminKeys } from '../admin.queries'

/** POST /api/admin/emails/:id/resend: back in the outbox, sent by the worker right away. */
export function useResendEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(adminRoutes.resendEmail, { params: { id } }),
    onSuccess: (answer) => {
      toast({ title: 'Reenvio pedido', description: answer.message, variant: 'success' })
      void queryClient.invalidateQueries({ queryKey: adminKeys.emails() })
    },
    onError: (error) =>
      toast({ title: 'Erro no reenvio', description: error.message, variant: 'destructive' }),
  })
}
