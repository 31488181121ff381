import { PageLoading } from '../ui/query-state'
import { Dashboard } from '../features/account/dashboard'
import { GuestAccess } from '../features/account/guest-access'
import { useCurrentUser } from '../features/auth/auth.queries'

/** Logged in: the dashboard itself; otherwise the choice between logging in and a quick lookup. */
export default function MyMaterialsPage() {
  const { user, isLoading } = useCurrentUser()
  if (isLoading) return <PageLoading />
  return user ? <Dashboard user={user} /> : <GuestAccess />
}
