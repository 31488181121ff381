/** A clock that stands still until the test moves it: `now()` in ms, `advance(ms)`. */
export function manualClock(start = 1_700_000_000_000) {
  let at = start
  return { now: () => at, advance: (ms: number) => void (at += ms) }
}
