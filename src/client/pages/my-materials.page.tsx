import { Dashboard } from '../features/account/dashboard'
import { GuestAccess } from '../features/account/guest-access'
import { useCurrentUser } from '../features/auth/auth.queries'
import { Spinner } from '../ui/spinner'

/** Logged in: the dashboard itself; otherwise the choice between logging in and a quick lookup. */
export default function MyMaterialsPage() {
  const { user, isLoading } = useCurrentUser()
  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-purple-700">
        <Spinner />
      </div>
    )
  }
  return user ? <Dashboard user={user} /> : <GuestAccess />
}
