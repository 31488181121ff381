import { useMutation } from '@tanstack/react-query'
import { HttpError } from '../../lib/api'
import { toast } from '../../ui/toast-store'
import { requestDownload } from './request-download'

/** 'BAIXAR GRÁTIS': a free material needs no purchase and no account (SPEC.md section 1). */
export function useFreeDownload() {
  return useMutation({
    mutationFn: (productId: number) => requestDownload({ productId }),
    onSuccess: (answer) =>
      toast({
        title: 'Download iniciado!',
        description: `Baixando: ${answer.fileName}`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: 'Erro no download',
        // A limit reached says when to try again; anything else gets SPEC.md's text.
        description:
          error instanceof HttpError && error.status === 429
            ? error.message
            : 'Não foi possível baixar o arquivo gratuito.',
        variant: 'destructive',
      }),
  })
}
