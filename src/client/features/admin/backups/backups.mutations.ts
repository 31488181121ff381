import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import { call } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { adminKeys } from '../admin.queries'

/** POST /api/admin/backups/run: the scheduled backup, now; the list shows it once written. */
export function useRunBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(adminRoutes.runBackup),
    onSuccess: (entry) => {
      toast(
        entry.verified
          ? { title: 'Backup feito e conferido', description: entry.name, variant: 'success' }
          : {
              title: 'Backup feito, mas NÃO conferido',
              description: entry.problem ?? entry.name,
              variant: 'destructive',
            },
      )
      void queryClient.invalidateQueries({ queryKey: adminKeys.backups() })
    },
    onError: (error) =>
      toast({ title: 'Erro no backup', description: error.message, variant: 'destructive' }),
  })
}
