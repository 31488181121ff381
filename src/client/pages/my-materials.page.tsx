import { useSearch } from 'wouter'
import { PageLoading } from '../ui/query-state'
import { Dashboard } from '../features/account/dashboard'
import { GuestLinkAccess, GuestSessionAccess } from '../features/account/guest-link-access'
import { useCurrentUser } from '../features/auth/auth.api'

/**
 * An order e-mail's link (`?acesso=…`) opens that e-mail's materials, logged in or not.
 * Otherwise: logged in, the dashboard itself; else the access this browser opened from a link or
 * a code, or the choice between logging in and a lookup.
 */
export default function MyMaterialsPage() {
  const token = new URLSearchParams(useSearch()).get('acesso')
  const { user, isLoading } = useCurrentUser()
  if (token) return <GuestLinkAccess token={token} />
  if (isLoading) return <PageLoading />
  return user ? <Dashboard user={user} /> : <GuestSessionAccess />
}
