/** Milliseconds each step of a start took, in the order they ran. */
export type PhaseTimes = Record<string, number>

/**
 * Times the steps of a start (a first start's budget is 5 s, and a figure per step
 * says where it goes). The first step counts from the process's own start, so it holds Node's
 * boot and the loading of the modules.
 */
export function phaseClock() {
  const times: PhaseTimes = {}
  let last = 0
  return {
    /** Ends the step running since the previous mark, under `name`. */
    mark(name: string): void {
      const now = performance.now()
      times[name] = Math.round(now - last)
      last = now
    },
    times,
  }
}

/** How long `work` takes, without making the caller wait for it in between. */
export async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await work
  return { value, ms: Math.round(performance.now() - started) }
}
