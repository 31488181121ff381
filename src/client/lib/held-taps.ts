declare global {
  interface Window {
    /** Set once the scripts have the page: index.html's holder lets taps through from then on. */
    __lojaTaken?: boolean
    /** The buttons tapped and forms sent before then, in order, each once (index.html). */
    __lojaHeld?: Element[]
  }
}

/**
 * Ends index.html's holding of early taps and does each held one again on the element, if it
 * is still on the page (decision 031). Called right after `hydrateRoot`, which has attached the
 * page's handlers by the time it returns.
 */
export function replayHeldTaps() {
  window.__lojaTaken = true
  for (const element of window.__lojaHeld?.splice(0) ?? []) {
    if (!element.isConnected) continue
    if (element instanceof HTMLFormElement) element.requestSubmit()
    else if (element instanceof HTMLElement) element.click()
  }
}
