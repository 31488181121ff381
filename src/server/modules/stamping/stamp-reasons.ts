import type { StampFallbackReason } from '../../../contracts/stamping.js'

/** Thrown when a file cannot be stamped; the buyer then gets the original, and the admin is told. */
export class StampRefusal extends Error {
  constructor(readonly reason: StampFallbackReason) {
    super(`stamp refused: ${reason}`)
  }
}

/** PDF readers accept the header anywhere in the first kilobyte, and so do we. */
export function isPdfHead(head: Uint8Array): boolean {
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).includes('%PDF-')
}
