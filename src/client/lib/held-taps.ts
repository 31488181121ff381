declare global {
  interface Window {
    /** Set once the scripts have the page: index.html's holder lets taps through from then on. */
    __lojaTaken?: boolean
    /** The buttons tapped and forms sent before then, in order, each once (index.html). */
    __lojaHeld?: Element[]
  }
}

/**
 * What the visitor did on the drawn page before the scripts had it (decision 031), done again
 * once they have; called right after `hydrateRoot`. Fields she filled in are told to the page
 * first, as if typed now: taking the page over keeps what is on screen, but a field's state
 * starts from the server's empty value. Then each held tap or form is done again on its element,
 * if it is still on the page, in a later task, so the page has drawn those fields' state first.
 */
export function replayHeldTaps(root: HTMLElement) {
  window.__lojaTaken = true
  for (const field of root.querySelectorAll('input, textarea, select')) announceIfChanged(field)
  const held = window.__lojaHeld?.splice(0) ?? []
  if (held.length === 0) return
  setTimeout(() => {
    for (const element of held) {
      if (!element.isConnected) continue
      if (element instanceof HTMLFormElement) element.requestSubmit()
      else if (element instanceof HTMLElement) element.click()
    }
  })
}

/** An `input` (text) or `change` (box, choice) event for a field no longer as the server drew it. */
function announceIfChanged(field: Element) {
  const event = (type: string) => field.dispatchEvent(new Event(type, { bubbles: true }))
  if (field instanceof HTMLInputElement) {
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (field.checked !== field.defaultChecked) event('change')
    } else if (field.value !== field.defaultValue) event('input')
  } else if (field instanceof HTMLTextAreaElement) {
    if (field.value !== field.defaultValue) event('input')
  } else if (field instanceof HTMLSelectElement) {
    if ([...field.options].some((o) => o.selected !== o.defaultSelected)) event('change')
  }
}
