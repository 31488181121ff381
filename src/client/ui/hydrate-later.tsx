import { Suspense, type ReactNode } from 'react'

/**
 * A part below a page's first screen, taken over by React after what is above it (selective
 * hydration, decision 033): the server draws it inside the page as usual, and the browser makes
 * it interactive in a later task, or at once when it is tapped first. Nothing in it suspends on
 * the client, so the empty fallback is never seen.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
