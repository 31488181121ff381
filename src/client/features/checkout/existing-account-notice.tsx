import { Link } from 'wouter'
import { buttonClasses } from '../../ui/button'
import { readPendingOrder } from './pending-order'

/**
 * The buyer asked for an account with an e-mail that already has one: the order went through
 * anyway, and logging in (with that account's password) brings it into the account's area.
 */
export function ExistingAccountNotice({ orderId }: { orderId: string }) {
  const saved = readPendingOrder()
  if (saved?.orderId !== orderId || !saved.accountExists) return null
  return (
    <div
      role="status"
      className="mx-auto mb-4 flex max-w-md flex-col gap-3 rounded-2xl border border-purple-200 bg-purple-50 p-4 text-sm text-purple-900 sm:flex-row sm:items-center"
    >
      <p className="flex-1">
        Este e-mail já tem uma conta. Seu pedido foi feito normalmente; entre com sua senha para
        vê-lo na sua área.
      </p>
      <Link href="/login" className={buttonClasses('secondary', 'sm')}>
        Entrar
      </Link>
    </div>
  )
}
