import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { SignupForm as SignupSchema } from '../../../contracts/accounts'
import { fieldErrors } from '../../lib/form-errors'
import { useDelayedNavigate } from '../../lib/use-delayed-navigate'
import { Button } from '../../ui/button'
import { ConsentCheckbox } from '../../ui/consent-checkbox'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'
import { useRegister } from './auth.api'

// SPEC.md section 2: after signing up, the login screen after 1.5 s.
const LOGIN_DELAY_MS = 1500

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  whatsapp: '',
  password: '',
  confirmPassword: '',
}

export function SignupForm() {
  const [form, setForm] = useState(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [newsletter, setNewsletter] = useState(false)
  const register = useRegister()
  const goLater = useDelayedNavigate()

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = SignupSchema.safeParse(form)
    if (!parsed.success) return setErrors(fieldErrors(parsed.error))
    setErrors({})
    const { confirmPassword: _confirmed, ...body } = parsed.data
    register.mutate(newsletter ? { ...body, newsletter: true } : body, {
      onSuccess: () => {
        toast({
          title: 'Conta criada com sucesso!',
          description: 'Agora é só entrar com seu email e senha.',
          variant: 'success',
        })
        goLater('/login', LOGIN_DELAY_MS)
      },
      onError: (error) =>
        toast({
          title: 'Erro no cadastro',
          description: error.message || 'Erro desconhecido',
          variant: 'destructive',
        }),
    })
  }

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  })
  const busy = register.isPending || register.isSuccess

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nome" autoComplete="given-name" {...field('firstName')} />
        <Field label="Sobrenome" autoComplete="family-name" {...field('lastName')} />
      </div>
      <Field
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...field('email')}
      />
      <Field
        label="WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(11) 98765-4321"
        {...field('whatsapp')}
      />
      <Field label="Senha" type="password" autoComplete="new-password" {...field('password')} />
      <Field
        label="Confirmar senha"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <ConsentCheckbox
        id="cadastro-newsletter"
        checked={newsletter}
        onChange={(e) => setNewsletter(e.target.checked)}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Criando conta...' : 'Criar conta'}
      </Button>
      <p className="text-center text-sm text-gray-600">
        Já tem conta?{' '}
        <Link href="/login" className="font-semibold text-purple-700 underline">
          Entrar
        </Link>
      </p>
    </form>
  )
}
