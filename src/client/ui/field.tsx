import type { InputHTMLAttributes } from 'react'
import { cn } from '../lib/cn'

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string
  label: string
  error?: string
}

/** A labelled input with its error under it, announced by screen readers. */
export function Field({ name, label, error, id, className, ...input }: FieldProps) {
  const inputId = id ?? `campo-${name}`
  const errorId = `${inputId}-erro`
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // 16 px text: phones zoom into smaller inputs on focus.
        className={cn(
          'mt-1 block h-11 w-full rounded-xl border-2 bg-white px-3 text-base text-gray-900',
          'focus:border-purple-500 focus:outline-none',
          error ? 'border-red-400' : 'border-purple-100',
        )}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
