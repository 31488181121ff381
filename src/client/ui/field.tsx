import type { InputHTMLAttributes, Ref } from 'react'
import { cn } from '../lib/cn'

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string
  label: string
  error?: string
  /** A short help text under the input, replaced by the error when there is one. */
  hint?: string
  /** The input itself (react-hook-form's `register` focuses the first invalid one with it). */
  ref?: Ref<HTMLInputElement>
}

/** A labelled input with its error (or hint) under it, announced by screen readers. */
export function Field({ name, label, error, hint, id, className, ...input }: FieldProps) {
  const inputId = id ?? `campo-${name}`
  const note = error ? `${inputId}-erro` : hint ? `${inputId}-dica` : undefined
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        // 16 px text: phones zoom into smaller inputs on focus.
        className={cn(
          'mt-1 block h-12 w-full rounded-xl border-2 bg-white px-3 text-base text-gray-900 placeholder:text-gray-400 focus:outline-none',
          error
            ? 'border-red-400 focus:border-red-500'
            : 'border-purple-100 focus:border-purple-500',
        )}
        {...input}
      />
      {error ? (
        // role=alert: read out when it appears, not only when the field is focused again.
        <p id={note} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={note} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
