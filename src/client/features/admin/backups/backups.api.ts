import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import type { RestoreAnswer } from '../../../../contracts/backup'
import { call, path } from '../../../lib/api'
import { sendWithProgress } from '../../../lib/xhr-upload'
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

/**
 * 'Restaurar um backup': the archive and its key, sent with the upload's progress (0-100 while
 * it goes, null once settled); on success everything the page read is the backup's now.
 */
export function useRestoreBackup(onProgress: (sent: number | null) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: string }) => {
      const body = new FormData()
      // The key first: the server refuses a malformed one before storing the archive.
      body.append('key', key.trim())
      body.append('backup', file)
      onProgress(0)
      return sendWithProgress<RestoreAnswer>({
        method: 'POST',
        url: path(adminRoutes.restoreBackup),
        body,
        idleTimeout: true,
        timeoutMs: 10 * 60_000,
        timeoutMessage: 'O envio do backup parou de responder. Confira a conexão e tente de novo.',
        onProgress,
      })
    },
    // Everything this page read (the store's name in the header too) is the backup's now.
    onSuccess: () => void queryClient.invalidateQueries(),
    onSettled: () => onProgress(null),
  })
}
