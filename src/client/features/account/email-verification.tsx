import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { SessionUser, VerifyEmailBody } from '../../../contracts/accounts'
import { sessionKeys } from '../../lib/session-keys'
import { Button } from '../../ui/button'
import { CodeField, isWholeCode } from '../../ui/code-field'
import { resendVerification, verifyEmail } from './account.api'
import { accountKeys } from './account.api'
import { messageOf } from './account-errors'

/** What the dashboard shows once the code was right. */
export function EmailVerified({ message }: { message: string }) {
  return (
    <p role="status" className="mt-6 rounded-2xl bg-green-50 p-4 text-sm text-green-900">
      <span aria-hidden="true">✅ </span>
      {message}
    </p>
  )
}

/**
 * 'Confirme seu e-mail' (decision 026): the code e-mailed at sign-up, typed here. Once it is
 * right, the purchases made without login with this e-mail join the account, so the user and
 * every list of the dashboard are read again.
 */
export function EmailVerification({
  user,
  onVerified,
}: {
  user: SessionUser
  /** With the answer's message: the dashboard keeps showing it once the card is gone. */
  onVerified: (message: string) => void
}) {
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const verify = useMutation({
    mutationFn: (body: VerifyEmailBody) => verifyEmail(body),
    onSuccess: async (answer) => {
      onVerified(answer.message)
      await queryClient.invalidateQueries({ queryKey: accountKeys.all })
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all })
    },
  })
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => {
      verify.reset()
      setCode('')
    },
  })

  const enter = (event: FormEvent) => {
    event.preventDefault()
    verify.mutate({ code })
  }

  return (
    <section
      aria-labelledby="confirme-email"
      className="mt-6 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:p-6"
    >
      <h2 id="confirme-email" className="text-lg font-extrabold text-amber-950">
        <span aria-hidden="true">✉️ </span>Confirme seu e-mail
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Enviamos um código de 6 números para <strong className="break-all">{user.email}</strong>.
        Com o e-mail confirmado, as compras feitas sem login com este e-mail aparecem aqui.
      </p>
      <form noValidate onSubmit={enter} className="mt-4 space-y-3" aria-label="Confirmar e-mail">
        <CodeField
          name="email-code"
          value={code}
          onChange={setCode}
          error={verify.isError ? messageOf(verify.error) : undefined}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={verify.isPending || !isWholeCode(code)}
        >
          {verify.isPending ? 'Conferindo...' : 'Confirmar e-mail'}
        </Button>
      </form>
      <div className="mt-3 flex flex-col items-start gap-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          {resend.isPending ? 'Enviando...' : 'Reenviar código'}
        </Button>
        {resend.isSuccess && (
          <p role="status" className="text-sm text-amber-950">
            {resend.data.message}
          </p>
        )}
        {resend.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {messageOf(resend.error)}
          </p>
        )}
      </div>
    </section>
  )
}
