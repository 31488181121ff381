import { useQuery } from '@tanstack/react-query'
import type { BackupEntry } from '../../../../contracts/backup'
import * as adminRoutes from '../../../../contracts/api-routes/admin.routes'
import { path } from '../../../lib/api'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { adminSettingsQuery, backupStatusQuery, backupsQuery } from '../admin.queries'
import { SettingField } from '../setting-field'
import { useRunBackup } from './backups.api'

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  })

const size = (bytes: number) =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1).replace('.', ',')} MB` : `${Math.ceil(bytes / 1e3)} KB`

const WHERE = { dir: 'neste servidor', s3: 'no bucket' } as const
const KIND = {
  nightly: 'automático',
  manual: 'manual',
  premigrate: 'antes de atualizar',
  unknown: 'de fora',
} as const

function CopyRow({ copy }: { copy: BackupEntry }) {
  return (
    <li className="rounded-xl p-3 ring-1 ring-purple-100" data-testid={`backup-${copy.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-purple-900">{when(copy.createdAt)}</p>
        <Badge tone={copy.verified ? 'green' : 'pink'}>
          {copy.verified ? 'conferido' : 'não conferido'}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {size(copy.bytes)} · {copy.where.map((w) => WHERE[w]).join(' e ')} · {KIND[copy.kind]}
      </p>
      {copy.problem && <p className="mt-1 text-sm break-words text-pink-800">{copy.problem}</p>}
      <a
        href={path(adminRoutes.backupCopy, { name: copy.name })}
        download={copy.name}
        className="mt-2 inline-block text-sm font-semibold text-purple-800 underline"
      >
        Baixar {copy.name}
      </a>
    </li>
  )
}

/**
 * The nightly backups: the schedule, the copies kept (when, size, where, verified),
 * each one downloadable, a run now, and the four settings that govern them.
 */
export function ScheduledBackups() {
  const status = useQuery(backupStatusQuery())
  const copies = useQuery(backupsQuery())
  const settings = useQuery(adminSettingsQuery())
  const run = useRunBackup()
  const stored = (key: string) =>
    Array.isArray(settings.data) ? settings.data.find((s) => s.key === key) : undefined

  return (
    <section aria-labelledby="backup-automatico" className="space-y-3">
      <h3 id="backup-automatico" className="font-bold text-purple-900">
        Backups automáticos
      </h3>
      {status.isPending ? (
        <Loading />
      ) : status.error ? (
        <LoadError error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <div className="space-y-1" data-testid="backup-schedule">
          <p>
            {status.data.enabled ? (
              <>
                Ligado: todo dia às {status.data.hour}h (horário de Brasília). Próximo:{' '}
                <strong>{status.data.nextRun ? when(status.data.nextRun) : '—'}</strong>.
              </>
            ) : (
              <>
                Desligado
                {status.data.setting === 'auto'
                  ? ': liga sozinho quando a loja tiver uma forma de pagamento real.'
                  : '.'}
              </>
            )}
          </p>
          <p className="text-gray-600">
            Guarda {status.data.keepDaily} cópias diárias e {status.data.keepWeekly} semanais, neste
            servidor
            {status.data.bucket ? ` e no bucket ${status.data.bucket}` : ''}. Cada cópia é lida de
            novo e conferida (assinatura e SHA-256) antes de contar como boa.
          </p>
        </div>
      )}
      <Button
        variant="secondary"
        disabled={run.isPending}
        onClick={() => run.mutate()}
        data-testid="backup-run"
      >
        {run.isPending ? 'Fazendo backup...' : 'Guardar um backup agora'}
      </Button>
      {copies.isPending ? (
        <Loading />
      ) : copies.error ? (
        <LoadError error={copies.error} onRetry={() => void copies.refetch()} />
      ) : copies.data.length === 0 ? (
        <p className="text-gray-600">Nenhuma cópia guardada ainda.</p>
      ) : (
        <ul className="space-y-2">
          {copies.data.map((copy) => (
            <CopyRow key={copy.name} copy={copy} />
          ))}
        </ul>
      )}
      <details className="rounded-xl p-3 ring-1 ring-purple-100">
        <summary className="cursor-pointer font-semibold text-purple-900">
          Ajustar horário e cópias guardadas
        </summary>
        <div className="mt-3 space-y-4">
          {['backup_enabled', 'backup_hour', 'backup_keep_daily', 'backup_keep_weekly'].map(
            (key) => (
              <SettingField key={key} settingKey={key} setting={stored(key)} />
            ),
          )}
        </div>
      </details>
    </section>
  )
}
