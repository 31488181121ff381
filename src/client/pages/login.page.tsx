import { AuthCard } from '../features/auth/auth-card'
import { LoginForm } from '../features/auth/login-form'

export default function LoginPage() {
  return (
    <AuthCard emoji="🍎" title="Entrar" subtitle="Acesse seus materiais e pedidos">
      <LoginForm />
    </AuthCard>
  )
}
