import type { ReactNode } from 'react'
import { cn } from '../lib/cn'
import { Button } from './button'
import { Spinner } from './spinner'

/** A list or a section that is still loading; `className` sets the room it takes (padding). */
export function Loading({
  label = 'Carregando...',
  className = 'py-10',
}: {
  label?: string
  className?: string
}) {
  return (
    <div className={cn('flex justify-center text-purple-700', className)}>
      <Spinner label={label} />
    </div>
  )
}

/** A whole page that is not ready yet: the spinner in the middle of half a screen. */
export function PageLoading({
  label,
  spinnerClassName,
}: {
  label?: string
  spinnerClassName?: string
}) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-purple-700">
      <Spinner label={label} className={spinnerClassName} />
    </div>
  )
}

/** A failed load: the error's message, a retry button, and any way out the caller adds. */
export function LoadError({
  error,
  onRetry,
  children,
}: {
  error: Error | null
  onRetry?: () => void
  children?: ReactNode
}) {
  return (
    <div role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
      <p className="font-bold">Erro ao carregar</p>
      <p className="mt-1 text-sm">{error?.message || 'Erro desconhecido'}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Tentar novamente
          </Button>
        )}
        {children}
      </div>
    </div>
  )
}
