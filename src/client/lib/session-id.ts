/** localStorage key of the anonymous cart session (SPEC.md section 1). */
const STORAGE_KEY = 'cart_session_id'

// Kept in memory too, so a browser that refuses localStorage still has one id per tab.
let memoryId: string | null = null

function newSessionId(): string {
  // 128 random bits: this id proves a guest owns a cart and its orders, so no one may guess it.
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  const random = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `cart_${random}_${Date.now()}`
}

/** The stored cart session id, created on first use. */
export function getSessionId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    if (stored) return stored
  } catch {
    // Storage disabled (private mode, cookies blocked): fall back to memory.
  }
  memoryId ??= newSessionId()
  setSessionId(memoryId)
  return memoryId
}

export function setSessionId(id: string): void {
  memoryId = id
  try {
    localStorage.setItem(STORAGE_KEY, id)
  } catch {
    // See getSessionId.
  }
}
