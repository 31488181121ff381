import type { PreparedBody } from './http.js'
import { Lru } from './lru.js'

/**
 * Answers serialised and compressed once per version of what they show (the catalogue, the
 * store's name) and per distinct key (a query, a product, a host), then sent as bytes with
 * their ETag (`sendPrepared`). A new version forgets the old answers at once; at most `max`
 * answers are kept, the least recently asked going first. Concurrent first askers share one
 * preparation; a failed one (not found, a database error) is not kept.
 */
export interface PreparedAnswers {
  get(
    version: string,
    key: string,
    prepare: () => PreparedBody | Promise<PreparedBody>,
  ): Promise<PreparedBody>
}

export function preparedAnswers(max: number): PreparedAnswers {
  let versionHeld = ''
  const answers = new Lru<string, Promise<PreparedBody>>(max)
  return {
    get(version, key, prepare) {
      if (version !== versionHeld) {
        answers.clear()
        versionHeld = version
      }
      let answer = answers.get(key)
      if (!answer) {
        const made = (async () => prepare())()
        answers.set(key, made)
        made.catch(() => {
          if (answers.get(key) === made) answers.delete(key)
        })
        answer = made
      }
      return answer
    },
  }
}
