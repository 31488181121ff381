import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { LoginBody } from '../../../contracts/accounts'
import { fieldErrors } from '../../lib/form-errors'
import { useDelayedNavigate } from '../../lib/use-delayed-navigate'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'
import { useLogin } from './auth.api'

// SPEC.md section 2: a customer sees the success toast for a second before the dashboard.
const DASHBOARD_DELAY_MS = 1000

export function LoginForm() {
  const [form, setForm] = useState({ email: '', password: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const login = useLogin()
  const goLater = useDelayedNavigate()

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = LoginBody.safeParse(form)
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    login.mutate(parsed.data, {
      onSuccess: ({ user, redirectTo }) => {
        toast({
          title: 'Login realizado!',
          description: `Bem-vindo(a), ${user.firstName}!`,
          variant: 'success',
        })
        goLater(redirectTo, redirectTo === '/admin' ? 0 : DASHBOARD_DELAY_MS)
      },
      onError: (error) =>
        toast({
          title: 'Erro no login',
          description: error.message || 'Erro desconhecido',
          variant: 'destructive',
        }),
    })
  }

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }))
  const busy = login.isPending || login.isSuccess

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        name="password"
        type="password"
        label="Senha"
        autoComplete="current-password"
        value={form.password}
        onChange={set('password')}
        error={errors.password}
      />
      <p className="-mt-2 text-right text-sm">
        <Link href="/esqueci-senha" className="font-semibold text-purple-700 underline">
          Esqueci minha senha
        </Link>
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Entrando...' : 'Entrar'}
      </Button>
      <p className="text-center text-sm text-gray-600">
        Ainda não tem conta?{' '}
        <Link href="/cadastro" className="font-semibold text-purple-700 underline">
          Cadastre-se
        </Link>
      </p>
      <p className="text-center text-sm text-gray-600">
        Comprou sem conta?{' '}
        <Link href="/meus-materiais" className="font-semibold text-purple-700 underline">
          Acesse seus materiais
        </Link>
      </p>
    </form>
  )
}
