import { RequireAdmin } from '../features/auth/require-admin'
import { FormFrame } from '../features/admin/product-form/form-frame'
import { ProductForm } from '../features/admin/product-form/product-form'
import { VARIANTS, type VariantId } from '../features/admin/product-form/variants'

/**
 * Every product registration route (SPEC.md section 2) is this page with another variant.
 * Each asks for the admin's login, here and on the server (contracts/page-routes.ts).
 */
export default function ProductFormPage({ variant: id }: { variant: VariantId }) {
  const variant = VARIANTS[id]
  return (
    <RequireAdmin>
      <FormFrame title={variant.title} intro={variant.intro}>
        <ProductForm key={id} variant={variant} />
      </FormFrame>
    </RequireAdmin>
  )
}
