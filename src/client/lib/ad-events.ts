/**
 * What the store tells the ad pixels, without loading them: a queue on `window` the pixels'
 * chunk (features/consent/pixels.ts) reads once the buyer said 'Aceitar', and an event for
 * what happens after. Without consent nobody reads either, and nothing leaves the browser.
 */
export type AdEventName = 'ViewContent' | 'AddToCart' | 'InitiateCheckout' | 'Purchase'

export interface AdEvent {
  name: AdEventName
  /** Products' ids as strings, their value in reais, and (Purchase) the order's id. */
  ids?: string[]
  value?: number
  eventId?: string
}

declare global {
  interface Window {
    lojaAds?: AdEvent[]
  }
}

export function adEvent(event: AdEvent) {
  const queue = (window.lojaAds ??= [])
  if (queue.length < 50) queue.push(event)
  window.dispatchEvent(new CustomEvent('loja:ad', { detail: event }))
}
