import { useState } from 'react'
import { Link } from 'wouter'
import { buttonClasses } from '../../ui/button'
import { logout, useCurrentUser } from '../auth/auth.api'

export function AuthButton() {
  const { user, isLoading } = useCurrentUser()
  const [leaving, setLeaving] = useState(false)

  if (isLoading) return <span className="h-9 w-16" aria-hidden="true" />
  if (!user) {
    return (
      <Link href="/login" className={buttonClasses('ghost', 'sm')}>
        Entrar
      </Link>
    )
  }
  return (
    <div className="flex items-center gap-1">
      {user.firstName && (
        <span className="hidden max-w-32 truncate text-sm text-gray-600 md:inline">
          Olá, {user.firstName}
        </span>
      )}
      <button
        type="button"
        disabled={leaving}
        className={buttonClasses('ghost', 'sm')}
        onClick={() => {
          setLeaving(true)
          void logout()
        }}
      >
        {leaving ? 'Saindo...' : 'Sair'}
      </button>
    </div>
  )
}
