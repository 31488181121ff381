import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { buttonClasses } from '../../ui/button'
import { PageLoading } from '../../ui/query-state'
import { useCurrentUser } from './auth.queries'

/**
 * The screens of the administration outside /admin: 'Verificando acesso...' while the session is
 * asked for, 'Acesso Negado' for anyone but the super administrator (SPEC.md sections 2 and 6).
 * The server refuses their calls regardless; this only spares a visitor a useless form.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser()
  if (isLoading) return <PageLoading label="Verificando acesso..." />
  if (user?.role !== 'superadmin') {
    return (
      <div className="mx-auto max-w-md px-4 py-12 text-center">
        <p aria-hidden="true" className="text-5xl">
          🔒
        </p>
        <h1 className="mt-3 text-2xl font-extrabold text-purple-900">Acesso Negado</h1>
        <p className="mt-2 text-gray-600">
          Você precisa estar logado como administrador para acessar esta página.
        </p>
        <Link href="/admin" className={buttonClasses('primary', 'md', 'mt-6')}>
          Ir para o login do painel
        </Link>
      </div>
    )
  }
  return (
    <>
      <div className="border-b border-purple-100 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
          <span className="min-w-0 truncate text-gray-600">
            Conectado como <strong className="text-purple-900">{user.email}</strong>
          </span>
          <Link href="/admin" className="font-semibold text-purple-700 underline">
            ← Painel
          </Link>
        </div>
      </div>
      {children}
    </>
  )
}
