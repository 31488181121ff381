import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { ResetPasswordForm as ResetPasswordSchema } from '../../../contracts/accounts'
import { fieldErrors } from '../../lib/form-errors'
import { useDelayedNavigate } from '../../lib/use-delayed-navigate'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'
import { useResetPassword } from './auth.api'

// Long enough to read the success toast before the login screen.
const LOGIN_DELAY_MS = 1500

/** /redefinir-senha?token=…: the new password typed twice; then to /login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [form, setForm] = useState({ password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const reset = useResetPassword()
  const goLater = useDelayedNavigate()

  if (!token) {
    return (
      <div className="space-y-4 text-center">
        <p className="text-gray-700">Este link está incompleto. Peça um novo link.</p>
        <Link href="/esqueci-senha" className="font-semibold text-purple-700 underline">
          Esqueci minha senha
        </Link>
      </div>
    )
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = ResetPasswordSchema.safeParse({ ...form, token })
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    reset.mutate(
      { token: parsed.data.token, password: parsed.data.password },
      {
        onSuccess: (answer) => {
          toast({ title: 'Senha alterada!', description: answer.message, variant: 'success' })
          goLater('/login', LOGIN_DELAY_MS)
        },
        onError: (err) => setErrors({ form: err.message }),
      },
    )
  }

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }))
  const busy = reset.isPending || reset.isSuccess

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        name="password"
        type="password"
        label="Nova senha"
        hint="pelo menos 6 caracteres"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Field
        name="confirmPassword"
        type="password"
        label="Confirme a nova senha"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      {errors.form && (
        <div role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
          <p>{errors.form}</p>
          <Link href="/esqueci-senha" className="mt-1 inline-block font-semibold underline">
            Pedir um novo link
          </Link>
        </div>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Salvando...' : 'Salvar nova senha'}
      </Button>
    </form>
  )
}
