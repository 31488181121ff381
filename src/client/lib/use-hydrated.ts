import { useSyncExternalStore } from 'react'

/** Whether the page's first render in this browser is in (taken over or drawn): main.tsx says. */
let settled = false
const listeners = new Set<() => void>()

/** main.tsx, once the scripts have the page: what waited for it may show now. */
export function markHydrated() {
  settled = true
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * False on the server and while the browser takes over the server's markup; true after, and at
 * once in anything mounted later. What shows only to this visitor (her login, the best sellers
 * fetched after the page) waits for it, so the markup taken over is what the server drew. A flag
 * the entry sets, not the server snapshot: Preact reads the client's snapshot while hydrating.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  )
