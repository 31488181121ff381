import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form'
import {
  NEWSLETTER_MAX_PRODUCTS,
  NewsletterInput,
  type AdminNewsletter,
} from '../../../../contracts/newsletter'
import { showServerFieldError } from '../../../lib/server-field-error'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/field'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast-store'
import { lightProductsQuery } from '../admin.queries'
import { useSaveNewsletter } from './newsletters.api'

interface Values {
  subject: string
  text: string
  productIds: number[]
}

const resolver = zodResolver(NewsletterInput, undefined, {
  raw: true,
}) as unknown as Resolver<Values>
const FIELDS: Path<Values>[] = ['subject', 'text', 'productIds']

/** Compose a newsletter: subject, text (blank lines make paragraphs), up to six materials. */
export function NewsletterForm({
  editing,
  onSaved,
}: {
  editing: AdminNewsletter | null
  onSaved: (id: number) => void
}) {
  const products = useQuery(lightProductsQuery())
  const { register, handleSubmit, control, setValue, setError, formState } = useForm<Values>({
    resolver,
    defaultValues: editing
      ? { subject: editing.subject, text: editing.text, productIds: editing.productIds }
      : { subject: '', text: '', productIds: [] },
  })
  const productIds = useWatch({ control, name: 'productIds' })
  const save = useSaveNewsletter(onSaved, (error) => {
    if (!showServerFieldError(error, FIELDS, setError))
      toast({ title: 'Erro ao salvar', description: error.message, variant: 'destructive' })
  })
  const toggle = (id: number) =>
    setValue(
      'productIds',
      productIds.includes(id) ? productIds.filter((p) => p !== id) : [...productIds, id],
    )
  const full = productIds.length >= NEWSLETTER_MAX_PRODUCTS
  const { errors } = formState

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => save.mutate({ id: editing?.id, input: values }))}
    >
      <Field label="Assunto" error={errors.subject?.message} {...register('subject')} />
      <div>
        <label htmlFor="novidade-texto" className="block text-sm font-semibold text-gray-800">
          Texto
        </label>
        <textarea
          id="novidade-texto"
          rows={6}
          aria-invalid={errors.text ? true : undefined}
          placeholder="Conte a novidade. Uma linha em branco começa outro parágrafo."
          className="mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white p-3 text-base text-gray-900 focus:border-purple-500 focus:outline-none"
          {...register('text')}
        />
        {errors.text ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.text.message}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-gray-800">
          Materiais em destaque ({productIds.length} de {NEWSLETTER_MAX_PRODUCTS})
        </legend>
        <div className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-xl border border-purple-100 p-2">
          {products.isPending ? (
            <Spinner />
          ) : (
            (products.data ?? [])
              .filter((p) => p.isActive)
              .map((p) => (
                <label key={p.id} className="flex items-center gap-2 py-1 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 accent-purple-600"
                    checked={productIds.includes(p.id)}
                    disabled={full && !productIds.includes(p.id)}
                    onChange={() => toggle(p.id)}
                  />
                  {p.name}
                </label>
              ))
          )}
        </div>
        {errors.productIds ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.productIds.message}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={save.isPending} data-testid="newsletter-save">
        {save.isPending ? <Spinner label="Salvando..." /> : 'Salvar rascunho'}
      </Button>
    </form>
  )
}
