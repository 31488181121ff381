import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False on the server and while React takes over the server's markup (it reads the server
 * snapshot then); true after, and at once in a page the browser draws alone or in anything
 * mounted later. What shows only to this visitor (her login, the best sellers fetched after the
 * page) waits for it, so the markup taken over is what the server drew.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
