import { AuthCard } from '../features/auth/auth-card'
import { SignupForm } from '../features/auth/signup-form'

export default function SignupPage() {
  return (
    <AuthCard
      emoji="✏️"
      title="Criar conta"
      subtitle="Seus materiais sempre à mão, em qualquer aparelho"
    >
      <SignupForm />
    </AuthCard>
  )
}
