import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { UploadStatus } from '../ui/upload-status'
import { Button } from '../ui/button'
import { toast } from '../ui/toast-store'
import { refreshProducts } from '../features/admin/admin.mutations'
import { errorToast } from '../features/admin/product-form/error-toast'
import { FormFrame } from '../features/admin/product-form/form-frame'
import { RequireAdmin } from '../features/auth/require-admin'
import { createSampleProduct } from '../features/diagnostics/diagnostics.api'

export default function SampleUploadPage() {
  const queryClient = useQueryClient()
  const [percent, setPercent] = useState<number | null>(null)
  const [created, setCreated] = useState<number | null>(null)

  async function run() {
    setPercent(0)
    setCreated(null)
    try {
      const answer = await createSampleProduct(setPercent)
      refreshProducts(queryClient)
      const id = answer?.id ?? null
      setCreated(id)
      toast({ title: 'Produto de teste criado!', description: `#${id}`, variant: 'success' })
    } catch (error) {
      toast({ ...errorToast(error, 'admin'), variant: 'destructive', duration: 10_000 })
    } finally {
      setPercent(null)
    }
  }

  return (
    <RequireAdmin>
      <FormFrame
        title="Upload de teste"
        intro="Cria um produto com uma imagem e um PDF minúsculos gerados aqui mesmo."
        back="/acesso-cadastro"
      >
        <div className="space-y-4">
          <Button disabled={percent !== null} onClick={() => void run()}>
            {percent !== null ? 'Criando...' : 'Criar produto de teste'}
          </Button>
          {percent !== null && (
            <UploadStatus stage={percent >= 100 ? 'saving' : 'uploading'} percent={percent} />
          )}
          {created !== null && (
            <p role="status" className="rounded-xl bg-emerald-50 p-3 text-emerald-900">
              Criado: produto #{created}.{' '}
              <Link href={`/produto/${created}`} className="font-semibold underline">
                Ver
              </Link>{' '}
              ·{' '}
              <Link href={`/admin/edit-product/${created}`} className="font-semibold underline">
                Editar
              </Link>
            </p>
          )}
        </div>
      </FormFrame>
    </RequireAdmin>
  )
}
