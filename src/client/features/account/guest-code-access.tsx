import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { GuestAccessAnswer } from '../../../contracts/guest-access'
import { askGuestCode, verifyGuestCode } from './account.api'
import { Button } from '../../ui/button'
import { CodeField, isWholeCode } from '../../ui/code-field'
import { Field } from '../../ui/field'
import { GuestAccessResults } from './guest-access-results'
import { messageOf } from './account-errors'

/**
 * 'Receber código por e-mail': for the buyer who does not remember the WhatsApp typed at
 * checkout. The e-mail gets a 6-digit code; typing it opens the materials in this browser.
 */
export function GuestCodeAccess({
  initialEmail,
  onCancel,
}: {
  initialEmail: string
  onCancel: () => void
}) {
  const [email, setEmail] = useState(initialEmail)
  const [code, setCode] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const [found, setFound] = useState<GuestAccessAnswer | null>(null)
  const request = useMutation({
    mutationFn: askGuestCode,
    onSuccess: (answer) => setSent(answer.message),
  })
  const verify = useMutation({
    mutationFn: verifyGuestCode,
    onSuccess: setFound,
  })

  if (found) return <GuestAccessResults found={found} onBack={onCancel} />

  const ask = (event: FormEvent) => {
    event.preventDefault()
    verify.reset()
    request.mutate({ email })
  }
  const enter = (event: FormEvent) => {
    event.preventDefault()
    verify.mutate({ email, code })
  }

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={ask} className="space-y-4" aria-label="Receber código por e-mail">
        <Field
          name="code-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          label="Email usado na compra"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            setSent(null)
          }}
          error={request.isError ? messageOf(request.error) : undefined}
        />
        <Button
          type="submit"
          size="lg"
          variant={sent ? 'secondary' : 'primary'}
          className="w-full"
          disabled={request.isPending || !email.trim()}
        >
          {request.isPending ? 'Enviando...' : sent ? 'Enviar outro código' : 'Receber código'}
        </Button>
      </form>
      {sent && (
        <form noValidate onSubmit={enter} className="space-y-4" aria-label="Digitar o código">
          <p role="status" className="rounded-xl bg-purple-50 p-3 text-sm text-purple-900">
            {sent}
          </p>
          <CodeField
            name="code"
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
            {verify.isPending ? 'Conferindo...' : 'Ver meus materiais'}
          </Button>
        </form>
      )}
      <Button variant="ghost" size="sm" onClick={onCancel}>
        ← Buscar com o WhatsApp
      </Button>
    </div>
  )
}
