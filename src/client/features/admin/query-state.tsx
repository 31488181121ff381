import type { ReactNode } from 'react'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'

/** Loading and error states shared by every admin list. */
export function Loading({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="flex justify-center py-10 text-purple-700">
      <Spinner label={label} />
    </div>
  )
}

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

/** A white card with a title, the frame of every tab. */
export function Panel({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-purple-100 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-extrabold text-purple-900">{title}</h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  )
}
