import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { PageLoading } from '../../ui/query-state'
import { AdminLoginForm } from './admin-login-form'
import { useCurrentUser } from './auth.api'

/**
 * The screens of the administration outside /admin: 'Verificando acesso...' while the session is
 * asked for, 'Acesso Negado' and the admin's login for anyone but the super administrator
 * (SPEC.md sections 2 and 6; the server answers these addresses 401 to them too).
 * The server refuses their calls regardless; this only spares a visitor a useless form.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser()
  if (isLoading) return <PageLoading label="Verificando acesso..." />
  if (user?.role !== 'superadmin') {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <div className="text-center">
          <p aria-hidden="true" className="text-5xl">
            🔒
          </p>
          <h1 className="mt-3 text-2xl font-extrabold text-purple-900">Acesso Negado</h1>
          <p className="mt-2 text-gray-600">
            {user
              ? 'Você está conectado como cliente. Entre com a conta de administrador para abrir esta página.'
              : 'Você precisa estar logado como administrador para acessar esta página.'}
          </p>
        </div>
        {/* The page opens in place once she logs in (the session query is refreshed). */}
        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-purple-100">
          <AdminLoginForm />
        </div>
        <p className="mt-4 text-center">
          <Link href="/admin" className="font-semibold text-purple-700 underline">
            Ir para o login do painel
          </Link>
        </p>
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
