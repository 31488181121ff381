import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate'
import { copyText } from '../../../lib/copy-text'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import { call } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import type { UploadStage } from '../../../ui/upload-status'
import { refreshProducts } from '../admin.mutations'
import { errorToast } from './error-toast'
import type { ProductFormValues } from './form-values'
import { createBase64, createMultipart, updateProduct } from './transport'
import type { ProductFormVariant } from './variants'

/** The new version told to the buyers; the product is saved whatever this answers. */
async function notifyBuyers(productId: number, note: string) {
  try {
    const { notified } = await call(adminRoutes.notifyUpdate, {
      params: { id: productId },
      body: { note },
    })
    toast({
      title: 'Compradores avisados',
      description:
        notified === 0
          ? 'Ninguém comprou este material ainda.'
          : `${notified} ${notified === 1 ? 'comprador recebe' : 'compradores recebem'} o aviso nos próximos minutos.`,
      variant: 'success',
      duration: 5000,
    })
  } catch (error) {
    toast({
      title: 'Aviso aos compradores não enviado',
      description: error instanceof Error ? error.message : undefined,
      variant: 'destructive',
    })
  }
}

export type Phase =
  | { kind: 'idle' }
  | { kind: 'processing'; stage: UploadStage; percent: number }
  | { kind: 'success'; id: number; name: string; shareUrl: string; redirecting: boolean }

/** While a save runs, closing or reloading the tab asks first (it would lose the upload). */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
}

/**
 * idle -> processing -> success | back to idle with an error toast (SPEC.md section 4).
 * `showUnderField` also places a refusal that names a field under that field.
 */
export function useProductSubmit(
  variant: ProductFormVariant,
  productId: number | undefined,
  showUnderField: (error: unknown) => void,
) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const queryClient = useQueryClient()
  const navigateLater = useDelayedNavigate()
  useLeaveWarning(phase.kind === 'processing')

  async function submit(values: ProductFormValues, quickBase64 = false) {
    const onProgress = (stage: UploadStage, percent: number) =>
      setPhase({ kind: 'processing', stage, percent })
    const base64 = quickBase64 || variant.transport === 'base64'
    setPhase({ kind: 'processing', stage: 'uploading', percent: 0 })
    try {
      if (productId !== undefined) {
        await updateProduct(productId, values, onProgress)
        refreshProducts(queryClient)
        toast({ title: 'Produto atualizado!', variant: 'success', duration: 3000 })
        if (values.notifyBuyers && (values.downloadFile || values.downloadFiles.length)) {
          await notifyBuyers(productId, values.updateNote)
        }
        const shareUrl = `${window.location.origin}/produto/${productId}`
        setPhase({
          kind: 'success',
          id: productId,
          name: values.name,
          shareUrl,
          redirecting: false,
        })
        return
      }
      const answer = quickBase64
        ? await createBase64(values, 'base64-multiple', onProgress)
        : base64
          ? await createBase64(values, 'base64', onProgress)
          : await createMultipart(values, onProgress)
      refreshProducts(queryClient)
      // Both create routes answer the id at the top (base64 repeats it under `product`).
      const id = answer?.id
      if (!id) {
        setPhase({ kind: 'idle' })
        return toast({
          title: 'Produto criado, mas...',
          description: 'a resposta não trouxe o código dele. Recarregue a página para vê-lo.',
        })
      }
      const shareUrl = `${window.location.origin}/produto/${id}`
      const copied = await copyText(shareUrl)
      toast({
        title: 'Produto criado com sucesso!',
        description: copied ? `Link copiado: ${shareUrl}` : shareUrl,
        variant: 'success',
        duration: base64 ? 10_000 : 5000,
      })
      const after = quickBase64
        ? ({ kind: 'navigate', to: () => '/admin', delayMs: 0 } as const)
        : variant.after
      setPhase({
        kind: 'success',
        id,
        name: values.name,
        shareUrl,
        redirecting: after.kind !== 'stay',
      })
      if (after.kind === 'navigate') navigateLater(after.to(id), after.delayMs)
      if (after.kind === 'reload') window.setTimeout(() => window.location.reload(), after.delayMs)
    } catch (error) {
      setPhase({ kind: 'idle' })
      showUnderField(error)
      const style = productId !== undefined ? 'update' : base64 ? 'base64' : variant.errorStyle
      toast({ ...errorToast(error, style), variant: 'destructive', duration: 10_000 })
    }
  }

  return { phase, submit, reset: () => setPhase({ kind: 'idle' }) }
}
