import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { orderStatusQuery } from './checkout.api'

/** SPEC.md section 9: polling stops after this many status requests. */
export const POLL_MAX_TRIES = 60

/** Wait before the next status request, given how many were made: 2 s, then 3 s, 5 s, 10 s. */
export function pollDelay(triesDone: number): number {
  if (triesDone === 0) return 2000
  if (triesDone < 10) return 3000
  if (triesDone < 20) return 5000
  return 10_000
}

/**
 * Asks for the order's status on the schedule above while `active` (the order is pending). The
 * answers land in the status query, which the waiting page renders; failures only count as tries.
 */
export function usePaymentPolling(orderId: string, active: boolean) {
  const queryClient = useQueryClient()
  const [round, setRound] = useState(0)
  const [exhausted, setExhausted] = useState(false)

  useEffect(() => {
    if (!active) return
    let tries = 0
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    const tick = async () => {
      try {
        const answer = await queryClient.fetchQuery({
          ...orderStatusQuery(orderId),
          staleTime: 0,
          retry: false,
        })
        if (answer.status !== 'pending') return
      } catch (error) {
        console.warn('Falha ao verificar o pagamento', error)
      }
      tries += 1
      if (stopped) return
      if (tries >= POLL_MAX_TRIES) setExhausted(true)
      else timer = setTimeout(() => void tick(), pollDelay(tries))
    }
    timer = setTimeout(() => void tick(), pollDelay(0))
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [orderId, active, round, queryClient])

  return {
    /** All tries used without a confirmation: the page offers a manual check. */
    exhausted,
    restart: () => {
      setExhausted(false)
      setRound((r) => r + 1)
    },
  }
}
