import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import type { AdminEmail } from '../../../../contracts/messaging'
import { Badge } from '../../../ui/badge'
import { Button, buttonClasses } from '../../../ui/button'
import { Panel } from '../../../ui/panel'
import { LoadError, Loading } from '../../../ui/query-state'
import { adminEmailsQuery } from '../admin.queries'
import { useResendEmail } from '../emails/emails.api'
import { TransportNote } from '../emails/transport-note'

const TONE = { sent: 'green', pending: 'amber', failed: 'pink' } as const

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })

function EmailRow({ email }: { email: AdminEmail }) {
  const resend = useResendEmail()
  return (
    <li className="rounded-xl p-3 ring-1 ring-purple-100" data-testid={`email-${email.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold break-all text-purple-900">{email.subject}</p>
        <Badge tone={TONE[email.status]}>{email.state}</Badge>
      </div>
      <p className="mt-1 text-sm break-all text-gray-700">Para: {email.to}</p>
      <p className="text-xs text-gray-500">
        {when(email.createdAt)}
        {email.sentAt ? ` · enviado ${when(email.sentAt)}` : ''}
        {email.attempts > 0 ? ` · ${email.attempts} tentativa(s)` : ''}
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email.id)}
      >
        {resend.isPending ? 'Reenviando...' : 'Reenviar'}
      </Button>
    </li>
  )
}

/** The e-mails the store wrote (newest first) and how each one went; each can be re-sent. */
export function EmailsTab() {
  const { data, error, isPending, refetch } = useQuery(adminEmailsQuery())
  const configLink = (
    <Link href="/admin/config?aba=email" className={buttonClasses('secondary', 'sm')}>
      Configurar e-mail
    </Link>
  )
  return (
    <Panel title="E-mails" actions={configLink}>
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-3">
          <TransportNote transport={data.transport} />
          {data.emails.length === 0 ? (
            <p className="text-sm text-gray-600">Nenhum e-mail ainda.</p>
          ) : (
            <ul className="space-y-3">
              {data.emails.map((email) => (
                <EmailRow key={email.id} email={email} />
              ))}
            </ul>
          )}
        </div>
      )}
    </Panel>
  )
}
