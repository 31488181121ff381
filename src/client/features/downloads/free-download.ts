import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api'
import { toast } from '../../ui/toast-store'

interface DownloadAnswer {
  success?: boolean
  downloadUrl?: string
  downloadData?: string
  fileName?: string
  message?: string
}

function save(href: string, fileName?: string) {
  const link = document.createElement('a')
  link.href = href
  if (fileName) link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}

function fileNameFrom(disposition: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')
  return match?.[1] ? decodeURIComponent(match[1]) : undefined
}

/** The server answers a signed link (preferred), a data URL, or the file itself. */
async function downloadFree(productId: number): Promise<string> {
  const response = await apiRequest(`/api/user/download/${productId}`, { method: 'POST' })
  if (response.headers.get('content-type')?.includes('application/json')) {
    const answer = (await response.json()) as DownloadAnswer
    if (answer.success === false) throw new Error(answer.message || 'Download indisponível')
    const href = answer.downloadUrl || answer.downloadData
    if (!href) throw new Error(answer.message || 'Download indisponível')
    save(href, answer.fileName)
    return answer.fileName ?? 'arquivo'
  }
  const fileName = fileNameFrom(response.headers.get('content-disposition')) ?? 'material'
  const url = URL.createObjectURL(await response.blob())
  save(url, fileName)
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return fileName
}

export function useFreeDownload() {
  return useMutation({
    mutationFn: downloadFree,
    onSuccess: (fileName) =>
      toast({
        title: 'Download iniciado!',
        description: `Baixando: ${fileName}`,
        variant: 'success',
      }),
    onError: () =>
      toast({
        title: 'Erro no download',
        description: 'Não foi possível baixar o arquivo gratuito.',
        variant: 'destructive',
      }),
  })
}
