import { Dashboard } from '../features/account/dashboard'
import { useRequiredUser } from '../features/auth/require-login'
import { Spinner } from '../ui/spinner'

export default function DashboardPage() {
  const { user, isLoading } = useRequiredUser()
  if (!user) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-purple-700">
        {isLoading && <Spinner />}
      </div>
    )
  }
  return <Dashboard user={user} />
}
