import { useCallback, useEffect, useRef } from 'react'
import { useLocation } from 'wouter'

/**
 * Navigates after a pause (the delays of SPEC.md sections 2 and 9), long enough to read a toast.
 * A page left before the pause ends does not pull the visitor back.
 */
export function useDelayedNavigate(): (to: string, delayMs: number) => void {
  const [, navigate] = useLocation()
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return useCallback(
    (to: string, delayMs: number) => {
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => navigate(to), delayMs)
    },
    [navigate],
  )
}
