import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { formatDecimalBRL } from '../../../contracts/money'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { couponQuoteQuery, saveCouponCode, useCouponQuote, type CheckoutLine } from './coupon'

/**
 * 'Tem um cupom?': closed until tapped; the code is checked by the server against these items
 * and, when it applies, kept for the checkout. An applied coupon that stops applying (the cart
 * changed) says why, and can be removed.
 */
export function CouponField({ items }: { items: CheckoutLine[] }) {
  const { code, quote } = useCouponQuote(items)
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  // The buyer just asked for the field by tapping 'Tem um cupom?': the typing goes there.
  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  async function apply(event: FormEvent) {
    // A form of its own would nest inside the checkout's form: the button submits by hand.
    event.preventDefault()
    const candidate = typed.trim()
    if (!candidate) {
      setError('Informe o código do cupom')
      return
    }
    setBusy(true)
    try {
      const answer = await queryClient.fetchQuery(couponQuoteQuery(candidate, items))
      if (answer.valid) {
        saveCouponCode(answer.code)
        setTyped('')
        setError('')
        setOpen(false)
      } else {
        setError(answer.message)
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Não foi possível verificar o cupom')
    } finally {
      setBusy(false)
    }
  }

  if (code) {
    const valid = quote?.valid
    return (
      <div
        data-testid="coupon-applied"
        className={
          valid
            ? 'flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
            : 'flex items-center justify-between gap-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900'
        }
      >
        <p role="status">
          <span aria-hidden="true">🏷️ </span>
          Cupom <strong>{code}</strong>
          {quote
            ? valid
              ? `: −${formatDecimalBRL(quote.discountAmount)}`
              : ` não aplicado: ${quote.message}`
            : ''}
        </p>
        <Button variant="ghost" size="sm" onClick={() => saveCouponCode('')}>
          Remover
        </Button>
      </div>
    )
  }

  if (!open) {
    return (
      <button
        type="button"
        data-testid="coupon-open"
        onClick={() => setOpen(true)}
        className="text-sm font-semibold text-purple-700 underline underline-offset-2 hover:text-purple-900"
      >
        Tem um cupom?
      </button>
    )
  }

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-semibold text-gray-800">
        Código do cupom
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          ref={input}
          data-testid="coupon-input"
          value={typed}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-erro` : undefined}
          onChange={(e) => {
            setTyped(e.target.value)
            setError('')
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void apply(e)
          }}
          className="h-11 min-w-0 flex-1 rounded-xl border-2 border-purple-100 bg-white px-3 text-base uppercase focus:border-purple-500 focus:outline-none"
        />
        <Button
          variant="secondary"
          data-testid="coupon-apply"
          disabled={busy}
          onClick={(e) => void apply(e)}
        >
          {busy ? <Spinner label="Verificando..." /> : 'Aplicar'}
        </Button>
      </div>
      {error ? (
        <p id={`${inputId}-erro`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
