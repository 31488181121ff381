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
 * first, as if typed now (taking the page over keeps what is on screen, but a field's state
 * starts from the server's empty value). Then each held tap or form is done again on its element,
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
      if (element instanceof HTMLFormElement) submit(element)
      else if (element instanceof HTMLElement) element.click()
    }
  })
}

/**
 * A field no longer as the server drew it, told to the page as if she typed or tapped it now.
 * React takes a part of the page over at once when one of its fields gets an input or a click,
 * and from then on reports an input only when the value differs from the one it saw then: so the
 * field is first put back as drawn and taken over that way, then given what she typed (by the
 * element's own setter, which React does not watch) and announced.
 */
function announceIfChanged(field: Element) {
  const announce = (type: string) => field.dispatchEvent(new Event(type, { bubbles: true }))
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    const changed =
      field.type === 'radio'
        ? field.checked && !field.defaultChecked
        : field.checked !== field.defaultChecked
    if (!changed) return
    field.checked = field.defaultChecked
    announce('change')
    field.click() // the tap again: checked as she left it, and a change React sees
  } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    if (field.value === field.defaultValue) return
    const typed = field.value
    field.value = field.defaultValue
    announce('input')
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed)
    announce('input')
  } else if (field instanceof HTMLSelectElement) {
    if ([...field.options].some((o) => o.selected !== o.defaultSelected)) announce('change')
  }
}

/** A held form sent again through its button, as a tap would (React takes it over on the tap). */
function submit(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])')
  if (button) button.click()
  else form.requestSubmit()
}
