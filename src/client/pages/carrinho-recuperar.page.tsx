import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'wouter'
import { restoreDraftIntoCart } from '../features/cart/cart-restore.api'
import { buttonClasses } from '../ui/button'
import { Spinner } from '../ui/spinner'

/**
 * /carrinho/recuperar?t=: the abandoned-checkout e-mail's link. Her items go back into this
 * browser's cart (prices from the store, as always), then on to the checkout.
 */
export default function RestoreCartPage() {
  const [params] = useSearchParams()
  const token = params.get('t') ?? ''
  const [, navigate] = useLocation()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(token ? null : 'Este link está incompleto.')

  useEffect(() => {
    if (!token) return
    let cancelled = false
    void (async () => {
      try {
        await restoreDraftIntoCart(token, queryClient, () => !cancelled)
        if (!cancelled) navigate('/checkout', { replace: true })
      } catch (e) {
        if (!cancelled) setError(e instanceof Error ? e.message : 'Não foi possível recuperar.')
      }
    })()
    return () => {
      cancelled = true
    }
  }, [token, navigate, queryClient])

  return (
    <div className="mx-auto max-w-md px-4 py-10 text-center">
      <h1 className="text-2xl font-extrabold text-purple-900">Seu carrinho</h1>
      {error ? (
        <>
          <p role="alert" className="mt-4 text-gray-700">
            {error}
          </p>
          <Link href="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
            Ver os materiais
          </Link>
        </>
      ) : (
        <div role="status" className="mt-6 flex items-center justify-center gap-2 text-gray-700">
          <Spinner className="size-5" /> Colocando seus materiais de volta no carrinho...
        </div>
      )}
    </div>
  )
}
