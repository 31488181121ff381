import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResendEmailAnswer } from '../../../../contracts/messaging'
import { apiJson } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { adminKeys } from '../admin.queries'

/** POST /api/admin/emails/:id/resend: back in the outbox, sent by the worker right away. */
export function useResendEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<ResendEmailAnswer>(`/api/admin/emails/${id}/resend`, { method: 'POST' }),
    onSuccess: (answer) => {
      toast({ title: 'Reenvio pedido', description: answer.message, variant: 'success' })
      void queryClient.invalidateQueries({ queryKey: adminKeys.emails() })
    },
    onError: (error) =>
      toast({ title: 'Erro no reenvio', description: error.message, variant: 'destructive' }),
  })
}
