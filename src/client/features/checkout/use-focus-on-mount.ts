import { useEffect, useRef } from 'react'

/**
 * A view that replaces another without a new path (form → PIX → completed) moves the reader to
 * its heading: screen readers hear it, and a phone scrolled down to the button sees the top.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    window.scrollTo(0, 0)
    ref.current?.focus({ preventScroll: true })
  }, [])
  return ref
}
