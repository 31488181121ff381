import type { FormEvent } from 'react'
import { useForm, useWatch, type Path } from 'react-hook-form'
import type { AdminProduct } from '../../../../contracts/products'
import { showServerFieldError } from '../../../lib/server-field-error'
import { Button } from '../../../ui/button'
import { toast } from '../../../ui/toast-store'
import { UploadStatus } from '../../../ui/upload-status'
import { StampFallbacks } from '../stamp-fallbacks'
import { FileFields } from './file-fields'
import { EMPTY_VALUES, valuesFromProduct, type ProductFormValues } from './form-values'
import { PreviewPages } from './preview-pages'
import { ProductFields, type SetValue } from './product-fields'
import { SuccessDialog } from './success-dialog'
import { useProductSubmit } from './use-product-submit'
import { validateProduct } from './validate'
import type { ProductFormVariant } from './variants'

/** The fields a refusal of the server may name (the API's names are the form's). */
const FIELDS: Path<ProductFormValues>[] = [
  'name',
  'price',
  'compareAtPrice',
  'externalLink',
  'canvaTemplateId',
]

/**
 * The one product form of every registration screen and of the edit screen; `variant` holds
 * what differs between them. `product` given means editing it.
 */
export function ProductForm({
  variant,
  product,
}: {
  variant: ProductFormVariant
  product?: AdminProduct
}) {
  const form = useForm<ProductFormValues>({
    defaultValues: product ? valuesFromProduct(product) : EMPTY_VALUES,
  })
  const values = useWatch({ control: form.control }) as ProductFormValues
  const { errors } = form.formState
  const { phase, submit, reset } = useProductSubmit(variant, product?.id, (error) =>
    showServerFieldError(error, FIELDS, form.setError),
  )
  const processing = phase.kind === 'processing'
  // Controlled inputs (files, lists, kit pickers) write through here; a change clears the
  // server's message under that field.
  const set: SetValue = (key, value) => {
    form.setValue(key as Path<ProductFormValues>, value as never)
    form.clearErrors(key as Path<ProductFormValues>)
  }

  function send(event: FormEvent | null, quickBase64 = false) {
    event?.preventDefault()
    if (processing) return
    const problem = validateProduct(values, variant, !product)
    if (problem) return toast({ ...problem, variant: 'destructive' })
    if (quickBase64 && values.additionalImages.length > 0) {
      return toast({
        title: 'Envio rápido',
        description: 'O envio rápido (Base64) não leva imagens adicionais. Use o envio normal.',
        variant: 'destructive',
      })
    }
    void submit(values, quickBase64)
  }

  function startOver() {
    if (!product) form.reset(EMPTY_VALUES)
    reset()
  }

  return (
    <>
      <form data-testid="product-form" noValidate onSubmit={(e) => send(e)} className="space-y-6">
        <fieldset disabled={processing} className="min-w-0 space-y-6">
          <legend className="sr-only">Dados do produto</legend>
          <ProductFields
            values={values}
            set={set}
            variant={variant}
            errors={{
              name: errors.name?.message,
              price: errors.price?.message,
              compareAtPrice: errors.compareAtPrice?.message,
              externalLink: errors.externalLink?.message,
              canvaTemplateId: errors.canvaTemplateId?.message,
            }}
          />
          {product && <StampFallbacks productId={product.id} />}
          <FileFields
            values={values}
            set={set}
            variant={variant}
            currentImageUrl={product?.imageUrl}
            disabled={processing}
          />
          <PreviewPages values={values} set={set} productId={product?.id} />
        </fieldset>
        {phase.kind === 'processing' && (
          <UploadStatus stage={phase.stage} percent={phase.percent} />
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" size="lg" data-testid="submit-product" disabled={processing}>
            {processing ? 'Enviando...' : variant.submitLabel}
          </Button>
          {variant.quickBase64 && (
            <Button
              size="lg"
              variant="secondary"
              disabled={processing}
              onClick={() => send(null, true)}
            >
              ⚡ Envio rápido (Base64)
            </Button>
          )}
        </div>
      </form>
      {phase.kind === 'success' && (
        <SuccessDialog
          open
          title={product ? 'Produto atualizado!' : 'Produto criado!'}
          name={phase.name}
          shareUrl={phase.shareUrl}
          redirecting={phase.redirecting}
          onClose={startOver}
          onAnother={product ? undefined : startOver}
        />
      )}
    </>
  )
}
