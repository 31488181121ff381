import { RequireAdmin } from '../features/auth/require-admin'
import { FormFrame } from '../features/admin/product-form/form-frame'
import { ProductForm } from '../features/admin/product-form/product-form'
import { VARIANTS, type VariantId } from '../features/admin/product-form/variants'

/**
 * Every product registration route (SPEC.md section 2) is this page with another variant.
 * Only /admin/create-product checks on the client; the server refuses non-admins on all.
 */
export default function ProductFormPage({ variant: id }: { variant: VariantId }) {
  const variant = VARIANTS[id]
  const page = (
    <FormFrame title={variant.title} intro={variant.intro}>
      <ProductForm key={id} variant={variant} />
    </FormFrame>
  )
  return variant.requireAdmin ? <RequireAdmin>{page}</RequireAdmin> : page
}
