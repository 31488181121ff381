import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { CartItem } from '../../../contracts/cart'
import * as cartRoutes from '../../../contracts/api-routes/cart-edit.routes'
import { call } from '../../lib/api'
import { toast } from '../../ui/toast-store'
import { cartQuery } from './cart.api'

export const UPDATE_IN_PROGRESS = 'Atualização já em andamento'
/** SPEC.md section 7: after an update the cart cache is dropped and fetched again 50 ms later. */
const REFETCH_AFTER_UPDATE_MS = 50

// Module-wide so two mounted sheets (or a double tap before a re-render) still share one lock.
const updating = new Set<number>()

function failed(title: string, error: unknown) {
  toast({
    title,
    description: error instanceof Error ? error.message : 'Tente novamente.',
    variant: 'destructive',
  })
}

/** Quantity changes, removal and clearing of the cart, each followed by a fresh cart. */
export function useCartActions() {
  const queryClient = useQueryClient()
  const key = cartQuery().queryKey
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set())

  const mark = useCallback((id: number, busy: boolean) => {
    if (busy) updating.add(id)
    else updating.delete(id)
    setBusyIds(new Set(updating))
  }, [])

  const refetchCart = useCallback(
    () => queryClient.invalidateQueries({ queryKey: key }),
    [queryClient, key],
  )

  const updateQuantity = async (item: CartItem, quantity: number) => {
    if (updating.has(item.id)) {
      toast({ title: UPDATE_IN_PROGRESS, duration: 2000 })
      return
    }
    mark(item.id, true)
    const previous = queryClient.getQueryData(key)
    // Shown at once; the server's answer replaces it a moment later.
    queryClient.setQueryData(key, (items) =>
      quantity < 1
        ? items?.filter((i) => i.id !== item.id)
        : items?.map((i) => (i.id === item.id ? { ...i, quantity } : i)),
    )
    try {
      await call(cartRoutes.update, { params: { id: item.id }, body: { quantity } })
    } catch (error) {
      queryClient.setQueryData(key, previous)
      failed('Erro ao atualizar quantidade', error)
    } finally {
      mark(item.id, false)
      void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' })
      setTimeout(() => void queryClient.refetchQueries({ queryKey: key }), REFETCH_AFTER_UPDATE_MS)
    }
  }

  const removeItem = async (item: CartItem) => {
    try {
      await call(cartRoutes.remove, { params: { id: item.id } })
    } catch (error) {
      failed('Erro ao remover item', error)
    } finally {
      await refetchCart()
    }
  }

  const clearCart = async () => {
    try {
      await call(cartRoutes.clear)
    } catch (error) {
      failed('Erro ao limpar carrinho', error)
    } finally {
      await refetchCart()
    }
  }

  return { updateQuantity, removeItem, clearCart, busyIds }
}
