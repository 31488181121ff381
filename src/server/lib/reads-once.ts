/**
 * Reads made once within one unit of work and shared by the steps that need them (the effects
 * of one payment, see orders' OrderEffects): the second step asking the same key gets the
 * first one's answer, not a second query. Keys name what was read, with its arguments.
 */
export type ReadsOnce = <T>(key: string, read: () => Promise<T>) => Promise<T>

export function readsOnce(): ReadsOnce {
  const made = new Map<string, Promise<unknown>>()
  return <T>(key: string, read: () => Promise<T>) => {
    let answer = made.get(key) as Promise<T> | undefined
    if (!answer) made.set(key, (answer = read()))
    return answer
  }
}

/** No sharing: each read is made (a caller outside a unit of work). */
export const readEach: ReadsOnce = (_key, read) => read()
