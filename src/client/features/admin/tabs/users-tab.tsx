import { useInfiniteQuery } from '@tanstack/react-query'
import { ROLE_LABELS, Role } from '../../../../contracts/accounts'
import type { AdminUser } from '../../../../contracts/admin'
import { formatPhoneBR } from '../../../lib/format'
import { Badge } from '../../../ui/badge'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { useUserRole } from '../admin.mutations'
import { adminUsersQuery } from '../admin.queries'
import { OlderPages } from '../newest-first'
import { shortDate } from '../money'
import { PrivacySection } from '../privacy-section'

function RoleSelect({ user }: { user: AdminUser }) {
  const update = useUserRole()
  return (
    <label className="text-sm">
      <span className="sr-only">Função de {user.email}</span>
      <select
        value={user.role}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ id: user.id, role: e.target.value as AdminUser['role'] })}
        className="h-10 rounded-xl border-2 border-purple-100 bg-white px-2 text-base focus:border-purple-500 focus:outline-none"
      >
        {Role.options.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Users and their role; the list is asked again every time the tab opens. */
export function UsersTab() {
  const pages = useInfiniteQuery(adminUsersQuery())
  const { data, error, isPending, refetch } = pages
  const users = data?.pages.flat() ?? []
  return (
    <div className="space-y-6">
      <Panel title="Usuários">
        {isPending ? (
          <Loading />
        ) : !data ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : users.length === 0 ? (
          <p className="text-gray-600">Nenhum usuário.</p>
        ) : (
          <>
            <ul className="divide-y divide-purple-100">
              {users.map((user) => (
                <li
                  key={user.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                >
                  <div className="min-w-0">
                    <p className="truncate font-semibold">
                      {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}{' '}
                      {!user.isActive && <Badge tone="gray">INATIVO</Badge>}
                    </p>
                    <p className="truncate text-sm text-gray-500">{user.email}</p>
                    <p className="text-sm text-gray-500">
                      {user.whatsapp && (
                        <span className="whitespace-nowrap">{formatPhoneBR(user.whatsapp)} · </span>
                      )}
                      <span className="whitespace-nowrap">desde {shortDate(user.createdAt)}</span>
                    </p>
                  </div>
                  <RoleSelect user={user} />
                </li>
              ))}
            </ul>
            <OlderPages pages={pages} label="Carregar mais usuários" />
          </>
        )}
      </Panel>
      <PrivacySection />
    </div>
  )
}
