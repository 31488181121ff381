import { useMutation } from '@tanstack/react-query'
import { toast } from '../../ui/toast-store'
import { requestDownload } from '../downloads/request-download'

export interface DownloadRequest {
  /** The account's call or the guest one; `body` carries a guest's e-mail and WhatsApp. */
  path: string
  body?: unknown
  productId: number
}

/**
 * One download of a bought material, with the toasts of SPEC.md section 8. `afterDownload`
 * refreshes whatever shows the remaining count, which the server just lowered.
 */
export function usePurchaseDownload(afterDownload: () => void) {
  return useMutation({
    mutationFn: ({ path, body }: DownloadRequest) => requestDownload(path, body),
    onSuccess: (fileName) => {
      toast({
        title: 'Download iniciado!',
        description: `Baixando: ${fileName}`,
        variant: 'success',
      })
      afterDownload()
    },
    onError: (error) =>
      toast({
        title: 'Erro no download',
        description: error.message || 'Não foi possível baixar o arquivo...',
        variant: 'destructive',
      }),
  })
}
