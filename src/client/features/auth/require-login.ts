import { useEffect } from 'react'
import { useDelayedNavigate } from '../../lib/use-delayed-navigate'
import { toast } from '../../ui/toast-store'
import { useCurrentUser } from './auth.api'

// SPEC.md sections 2 and 9: the denial toast, then the login screen after 500 ms.
const LOGIN_DELAY_MS = 500

/** The logged-in user; an anonymous visitor is told 'Acesso negado' and sent to /login. */
export function useRequiredUser() {
  const { user, isLoading } = useCurrentUser()
  const goLater = useDelayedNavigate()
  const denied = !isLoading && !user

  useEffect(() => {
    if (!denied) return
    toast({
      title: 'Acesso negado',
      description: 'Faça login para acessar seu painel.',
      variant: 'destructive',
    })
    goLater('/login', LOGIN_DELAY_MS)
  }, [denied, goLater])

  return { user, isLoading }
}
