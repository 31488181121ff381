/** `signal` (the query's own) combined with a timeout; `timedOut()` tells which one fired. */
export function withTimeout(signal: AbortSignal | undefined, ms: number) {
  const timeout = AbortSignal.timeout(ms)
  // AbortSignal.any is recent (2023); older browsers only get the timeout.
  const combined =
    signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : timeout
  return { signal: combined, timedOut: () => timeout.aborted }
}
