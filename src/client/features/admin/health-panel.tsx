import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { HEALTH_LABELS, type HealthCheck } from '../../../contracts/health'
import { buttonClasses } from '../../ui/button'
import { Panel } from '../../ui/panel'
import { LoadError, Loading } from '../../ui/query-state'
import { healthQuery } from './admin.queries'

const since = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  })

/** Where the owner fixes each problem. */
const FIX: Partial<Record<HealthCheck['name'], { href: string; label: string }>> = {
  backup: { href: '/admin?aba=backup', label: 'Abrir Backup' },
  messages: { href: '/admin?aba=emails', label: 'Ver e-mails' },
  payments: { href: '/admin/config', label: 'Configurar pagamento' },
}

function CheckRow({ check }: { check: HealthCheck }) {
  const fix = !check.ok ? FIX[check.name] : undefined
  return (
    <li
      data-testid={`health-${check.name}`}
      className={
        check.ok
          ? 'rounded-xl p-3 ring-1 ring-purple-100'
          : 'rounded-xl border-2 border-pink-300 bg-pink-50 p-3'
      }
    >
      <p className="flex items-center gap-2 font-semibold text-purple-900">
        <span aria-hidden="true">{check.ok ? '✓' : '!'}</span>
        {HEALTH_LABELS[check.name]}
        <span className="sr-only">{check.ok ? ': tudo certo' : ': problema'}</span>
      </p>
      <p className="mt-1 text-sm break-words text-gray-700">{check.message}</p>
      <p className="text-xs text-gray-500">
        {check.ok ? 'OK desde' : 'Problema desde'} {since(check.since)}
      </p>
      {fix && (
        <Link href={fix.href} className={buttonClasses('secondary', 'sm', 'mt-2')}>
          {fix.label}
        </Link>
      )}
    </li>
  )
}

/**
 * 'Saúde da loja': the five checks, problems first. The owner also gets an e-mail
 * for each problem (once a day) and when it is solved, at `admin_email`.
 */
export function HealthPanel() {
  const { data, error, isPending, refetch } = useQuery(healthQuery())
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  const problems = data.checks.filter((c) => !c.ok)
  const ordered = [...problems, ...data.checks.filter((c) => c.ok)]
  return (
    <Panel title="Saúde da loja">
      <p className="mb-3 text-sm text-gray-700" data-testid="health-summary">
        {problems.length === 0
          ? 'Tudo certo.'
          : `${problems.length} ${problems.length === 1 ? 'problema pede' : 'problemas pedem'} sua atenção. Um aviso vai também para o e-mail do administrador.`}
      </p>
      <ul className="space-y-2">
        {ordered.map((check) => (
          <CheckRow key={check.name} check={check} />
        ))}
      </ul>
    </Panel>
  )
}
