/**
 * The buyer's answer to the cookie banner (LGPD): 'accepted' lets the ad pixels load and the
 * checkout share personal data with the ad platforms; 'refused' or no answer, neither.
 * Remembered in this browser; the footer's link asks again.
 */
export type ConsentChoice = 'accepted' | 'refused'

const STORAGE_KEY = 'loja.consent'
const listeners = new Set<() => void>()

export function readConsent(): ConsentChoice | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY)
    return v === 'accepted' || v === 'refused' ? v : null
  } catch {
    return null
  }
}

export function saveConsent(choice: ConsentChoice | null) {
  try {
    if (choice) localStorage.setItem(STORAGE_KEY, choice)
    else localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Not remembered: the banner asks again on the next visit.
  }
  for (const l of listeners) l()
}

export function onConsentChange(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** What the checkout bodies carry as `consent`. */
export const consentBody = () => ({ ads: readConsent() === 'accepted' })
