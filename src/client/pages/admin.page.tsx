import { PageLoading } from '../ui/query-state'
import { AdminPanel } from '../features/admin/admin-panel'
import { AdminLoginForm } from '../features/auth/admin-login-form'
import { useCurrentUser } from '../features/auth/auth.api'
import { AuthCard } from '../features/auth/auth-card'

/**
 * /admin: the panel is for the super administrator only; anyone else gets the login form
 * (SPEC.md section 2). The server checks every admin call regardless of what this page shows.
 */
export default function AdminPage() {
  const { user, isLoading } = useCurrentUser()
  if (isLoading) return <PageLoading />
  if (user?.role === 'superadmin') return <AdminPanel user={user} />
  return (
    <AuthCard
      emoji="🔐"
      title="Área do administrador"
      subtitle={
        user
          ? 'Você está conectado como cliente. Entre com a conta de administrador.'
          : 'Entre com seu e-mail e senha'
      }
    >
      <AdminLoginForm />
    </AuthCard>
  )
}
