import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { ForgotPasswordBody } from '../../../contracts/accounts'
import { fieldErrors } from '../../lib/form-errors'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { toast } from '../../ui/toast-store'
import { useForgotPassword } from './auth.api'

/** /esqueci-senha: the e-mail, then the same answer whether or not it has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const request = useForgotPassword()

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = ForgotPasswordBody.safeParse({ email })
    if (!parsed.success) return setError(fieldErrors(parsed.error).email)
    setError(undefined)
    request.mutate(parsed.data, {
      onError: (err) =>
        toast({
          title: 'Não foi possível enviar',
          description: err.message,
          variant: 'destructive',
        }),
    })
  }

  if (request.isSuccess) {
    return (
      <div className="space-y-4 text-center" role="status" data-testid="forgot-password-sent">
        <p className="text-4xl" aria-hidden="true">
          📬
        </p>
        <p className="text-gray-700">{request.data.message}</p>
        <Link href="/login" className="font-semibold text-purple-700 underline">
          Voltar para o login
        </Link>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-gray-600">
        Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.
      </p>
      <Field
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Enviando...' : 'Enviar link'}
      </Button>
      <p className="text-center text-sm text-gray-600">
        Lembrou a senha?{' '}
        <Link href="/login" className="font-semibold text-purple-700 underline">
          Entrar
        </Link>
      </p>
    </form>
  )
}
