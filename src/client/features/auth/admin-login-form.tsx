import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { AdminLoginBody } from '../../../contracts/accounts'
import { Button, buttonClasses } from '../../ui/button'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'
import { useAdminLogin } from './auth.api'

/** The administrator's login (SPEC.md sections 2 and 5): username is the admin's e-mail. */
export function AdminLoginForm({ onSuccess }: { onSuccess?: () => void }) {
  const [form, setForm] = useState({ username: '', password: '' })
  const login = useAdminLogin()

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = AdminLoginBody.safeParse(form)
    if (!parsed.success) {
      return toast({
        title: 'Campos obrigatórios',
        description: parsed.error.issues[0]?.message,
        variant: 'destructive',
      })
    }
    login.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: 'Login realizado!',
          description: 'Bem-vindo(a) ao painel.',
          variant: 'success',
        })
        onSuccess?.()
      },
      onError: (error) =>
        toast({
          title: 'Erro no login',
          description: error.message || 'Credenciais inválidas',
          variant: 'destructive',
        }),
    })
  }

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }))

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field
        name="username"
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        value={form.username}
        onChange={set('username')}
      />
      <Field
        name="password"
        type="password"
        label="Senha"
        autoComplete="current-password"
        value={form.password}
        onChange={set('password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Entrando...' : 'Entrar'}
      </Button>
      <Link href="/" className={buttonClasses('ghost', 'md', 'w-full')}>
        ← Voltar ao site
      </Link>
    </form>
  )
}
