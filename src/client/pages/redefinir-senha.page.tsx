import { useSearchParams } from 'wouter'
import { AuthCard } from '../features/auth/auth-card'
import { ResetPasswordForm } from '../features/auth/reset-password-form'

export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  return (
    <AuthCard
      emoji="🔒"
      title="Criar nova senha"
      subtitle="Escolha a senha que vai usar para entrar"
    >
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AuthCard>
  )
}
