import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form'
import { REVIEW_TEXT_MAX, ReviewBody } from '../../../contracts/reviews'
import { HttpError } from '../../lib/api'
import { cn } from '../../lib/cn'
import { showServerFieldError } from '../../lib/server-field-error'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { useSendReview } from './reviews.api'

interface Values {
  rating: number
  text: string
  displayName: string
}

const resolver = zodResolver(ReviewBody, undefined, { raw: true }) as unknown as Resolver<Values>
const FIELDS: Path<Values>[] = ['rating', 'text', 'displayName']
const WORDS = ['Ruim', 'Regular', 'Bom', 'Muito bom', 'Excelente']

/** Five large stars as a radio group: one tap chooses, arrows move (a native radio group). */
function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number
  onChange: (rating: number) => void
  error?: string
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-gray-800">Sua nota</legend>
      <div className="mt-1 flex gap-1" data-testid="star-picker">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer">
            <input
              type="radio"
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className={cn(
                'block text-4xl leading-none peer-focus-visible:outline-3 peer-focus-visible:outline-purple-500',
                n <= value ? 'text-amber-400' : 'text-gray-300',
              )}
            >
              ★
            </span>
            <span className="sr-only">
              {n} {n === 1 ? 'estrela' : 'estrelas'}: {WORDS[n - 1]}
            </span>
          </label>
        ))}
      </div>
      <p className="mt-1 h-5 text-sm text-gray-600">{value ? WORDS[value - 1] : ''}</p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/**
 * The rating form: stars, a few words, the name shown (first name and initial only). `token`
 * is the e-mailed link's; without it the buyer's login or guest access proves the purchase.
 */
export function RatingForm({ productId, token }: { productId: number; token?: string }) {
  const send = useSendReview(productId)
  const [refusal, setRefusal] = useState<string | null>(null)
  const { register, handleSubmit, control, setError, formState } = useForm<Values>({
    resolver,
    defaultValues: { rating: 0, text: '', displayName: '' },
  })
  const text = useWatch({ control, name: 'text' })

  if (send.isSuccess) {
    return (
      <div role="status" className="rounded-2xl bg-emerald-50 p-4 text-emerald-900">
        <p className="text-lg font-bold">Avaliação enviada!</p>
        <p className="mt-1">{send.data.message}</p>
      </div>
    )
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => {
        setRefusal(null)
        send.mutate(
          {
            rating: values.rating,
            text: values.text,
            displayName: values.displayName || undefined,
            token,
          },
          {
            onError: (error) => {
              if (showServerFieldError(error, FIELDS, setError)) return
              setRefusal(error instanceof HttpError ? error.message : 'Não foi possível enviar.')
            },
          },
        )
      })}
    >
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarPicker
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div>
        <label htmlFor="campo-text" className="block text-sm font-semibold text-gray-800">
          Conte como foi (opcional)
        </label>
        <textarea
          id="campo-text"
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={formState.errors.text ? true : undefined}
          placeholder="Como o material ajudou nas suas aulas?"
          className="mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white p-3 text-base text-gray-900 focus:border-purple-500 focus:outline-none"
          {...register('text')}
        />
        <p className="mt-1 text-xs text-gray-500">
          {text.length}/{REVIEW_TEXT_MAX}
        </p>
        {formState.errors.text ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {formState.errors.text.message}
          </p>
        ) : null}
      </div>
      <Field
        label="Seu nome (opcional)"
        hint="Mostramos só o primeiro nome e a inicial do sobrenome"
        autoComplete="name"
        error={formState.errors.displayName?.message}
        {...register('displayName')}
      />
      {refusal ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Enviando...' : 'Enviar avaliação'}
      </Button>
    </form>
  )
}
