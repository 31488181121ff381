import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { LoadError, Loading } from '../ui/query-state'
import { buttonClasses } from '../ui/button'
import { adminProductsQuery } from '../features/admin/admin.queries'
import { FormFrame } from '../features/admin/product-form/form-frame'
import { ProductForm } from '../features/admin/product-form/product-form'
import { VARIANTS } from '../features/admin/product-form/variants'
import { RequireAdmin } from '../features/auth/require-admin'
import { parseProductId } from '../features/catalog/product.api'

function EditProduct({ rawId }: { rawId: string }) {
  const id = parseProductId(rawId)
  // The admin list, not the store's: an inactive product is still editable.
  const { data, error, isPending, refetch } = useQuery(adminProductsQuery())
  const product = id === null ? undefined : data?.find((p) => p.id === id)
  const title = `Editar Produto #${rawId}`

  if (id !== null && isPending) {
    return (
      <FormFrame title={title}>
        <Loading label="Carregando produto..." />
      </FormFrame>
    )
  }
  if (error) {
    return (
      <FormFrame title={title}>
        <LoadError error={error} onRetry={() => void refetch()} />
      </FormFrame>
    )
  }
  if (!product) {
    return (
      <FormFrame title={title}>
        <p className="text-lg font-bold text-gray-900">Produto não encontrado</p>
        <p className="mt-1 text-gray-600">Ele pode ter sido excluído.</p>
        <Link href="/admin?aba=products" className={buttonClasses('primary', 'md', 'mt-4')}>
          Voltar ao painel
        </Link>
      </FormFrame>
    )
  }
  return (
    <FormFrame title={title} intro={product.name}>
      <ProductForm key={product.id} variant={VARIANTS.edit} product={product} />
    </FormFrame>
  )
}

/** /admin/edit-product/{id} (SPEC.md section 2). */
export default function AdminEditProductPage({ id }: { id: string }) {
  return (
    <RequireAdmin>
      <EditProduct rawId={id} />
    </RequireAdmin>
  )
}
