import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { DownloadAnswer, DownloadFileLink } from '../../../contracts/downloads'
import { HttpError } from '../../lib/api'
import { toast } from '../../ui/toast-store'
import { requestDownload, type DownloadRequest } from '../downloads/request-download'

/** The purchase the server counted the download on, with the count it now has. */
export function withDownloadCounted<T extends { id: number; maxDownloads: number }>(
  list: T[],
  answer: DownloadAnswer,
): T[] {
  const left = answer.remainingDownloads
  if (answer.purchaseId === null || left === null) return list
  return list.map((p) =>
    p.id === answer.purchaseId ? { ...p, downloadCount: p.maxDownloads - left } : p,
  )
}

function failureText(error: Error): string {
  if (error instanceof HttpError) return error.message
  if (error instanceof SyntaxError) return 'Erro ao processar resposta do servidor'
  if (error instanceof TypeError) return 'Não foi possível conectar ao servidor. Tente novamente.'
  return error.message || 'Não foi possível baixar o arquivo...'
}

/**
 * One download of a bought material, with the toasts of SPEC.md section 8. `afterDownload`
 * updates whatever shows the remaining count, which the server just lowered. A product with
 * several files keeps their signed links, shown under its card while they are valid.
 */
export function usePurchaseDownload(afterDownload: (answer: DownloadAnswer) => void) {
  const [links, setLinks] = useState<Record<number, DownloadFileLink[]>>({})
  const mutation = useMutation({
    mutationFn: (request: DownloadRequest) => requestDownload(request),
    onSuccess: (answer, request) => {
      toast(
        answer.files.length === 0
          ? { title: 'Material liberado!', description: `Abrindo: ${answer.fileName}` }
          : {
              title: 'Download iniciado!',
              description: `Baixando: ${answer.fileName}`,
              variant: 'success',
            },
      )
      if (answer.files.length > 1)
        setLinks((all) => ({ ...all, [request.productId]: answer.files }))
      afterDownload(answer)
    },
    onError: (error) =>
      toast({ title: 'Erro no download', description: failureText(error), variant: 'destructive' }),
  })
  const busyFor = (productId: number) =>
    mutation.isPending && mutation.variables?.productId === productId
  return { download: mutation.mutate, busyFor, links }
}
