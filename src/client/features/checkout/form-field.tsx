import type { InputHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string
  label: string
  error?: string
  hint?: string
}

/** A labelled input whose error is read out with it; 16 px text so phones do not zoom in. */
export function FormField({ id, label, error, hint, className, ...props }: FormFieldProps) {
  const note = error ? `${id}-erro` : hint ? `${id}-dica` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        className={cn(
          'mt-1 block h-12 w-full rounded-xl border-2 bg-white px-3 text-base text-gray-900 placeholder:text-gray-400 focus:outline-none',
          error
            ? 'border-red-400 focus:border-red-500'
            : 'border-purple-100 focus:border-purple-500',
        )}
        {...props}
      />
      {error ? (
        <p id={note} className="mt-1 text-sm font-medium text-red-700">
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
