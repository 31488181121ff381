import { Link } from 'wouter'
import { buttonClasses } from '../../ui/button'
import { useCurrentUser } from '../auth/auth.api'

export function LoginCta() {
  const { user, isLoading } = useCurrentUser()
  if (isLoading) return null
  return (
    <section className="mx-auto max-w-6xl px-4 pt-12">
      <div className="flex flex-col items-start gap-4 rounded-3xl bg-gradient-to-r from-amber-100 to-pink-100 p-6 sm:flex-row sm:items-center sm:justify-between">
        {user ? (
          <>
            <div>
              <h2 className="text-xl font-extrabold text-purple-900">
                Olá{user.firstName ? `, ${user.firstName}` : ''}! <span aria-hidden="true">👋</span>
              </h2>
              <p className="mt-1 text-gray-700">Seus materiais comprados estão no seu painel.</p>
            </div>
            <Link href="/dashboard" className={buttonClasses('primary')}>
              Ir para o painel
            </Link>
          </>
        ) : (
          <>
            <div>
              <h2 className="text-xl font-extrabold text-purple-900">Já comprou com a gente?</h2>
              <p className="mt-1 text-gray-700">
                Entre na sua conta para baixar de novo seus materiais e ver seus pedidos.
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link href="/login" className={buttonClasses('primary')}>
                Entrar
              </Link>
              <Link href="/cadastro" className={buttonClasses('secondary')}>
                Criar conta
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  )
}
