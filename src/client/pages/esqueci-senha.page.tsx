import { AuthCard } from '../features/auth/auth-card'
import { ForgotPasswordForm } from '../features/auth/forgot-password-form'

export default function ForgotPasswordPage() {
  return (
    <AuthCard emoji="🔑" title="Esqueci minha senha" subtitle="Receba um link por e-mail">
      <ForgotPasswordForm />
    </AuthCard>
  )
}
