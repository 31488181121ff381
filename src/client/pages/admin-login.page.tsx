import { useLocation } from 'wouter'
import { AdminLoginForm } from '../features/auth/admin-login-form'
import { AuthCard } from '../features/auth/auth-card'

export default function AdminLoginPage() {
  const [, navigate] = useLocation()
  return (
    <AuthCard emoji="🔐" title="Área do administrador" subtitle="Entre com seu e-mail e senha">
      <AdminLoginForm onSuccess={() => navigate('/admin')} />
    </AuthCard>
  )
}
