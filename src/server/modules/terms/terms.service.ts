import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { termsVersions } from './terms.tables.js'

/**
 * The terms as they were at each purchase (Decreto 7.962/2013, art. 4º, IV). `currentTerms` is
 * the text the checkout shows today (terms.module.ts); each distinct text is kept once,
 * and the order stores its version: changing the terms later changes no past agreement.
 */
export function createTermsService(deps: { db: Db; currentTerms: () => Promise<string> }) {
  const { db } = deps
  // The last text agreed to and its version: a stored version never changes nor goes away, so
  // a checkout under unchanged terms sends no statement for them (two before).
  let known: { text: string; id: number } | undefined
  return {
    currentTerms: deps.currentTerms,

    /** The version of today's text, stored the first time it is agreed to. */
    async currentVersion(): Promise<number> {
      const text = await deps.currentTerms()
      if (known?.text === text) return known.id
      const hash = createHash('sha256').update(text).digest('hex')
      // Two checkouts at once may both insert: the unique hash keeps one, both read it back.
      await db.insert(termsVersions).values({ hash, text }).onConflictDoNothing()
      const [row] = await db
        .select({ id: termsVersions.id })
        .from(termsVersions)
        .where(eq(termsVersions.hash, hash))
      known = { text, id: row!.id }
      return row!.id
    },

    /**
     * The text of a version (in the caller's transaction when given). Today's is known: a
     * receipt of an order placed under today's terms reads nothing.
     */
    async textOf(versionId: number, q: Db = db): Promise<string | null> {
      if (known?.id === versionId) return known.text
      const [row] = await q
        .select({ text: termsVersions.text })
        .from(termsVersions)
        .where(eq(termsVersions.id, versionId))
      return row?.text ?? null
    },
  }
}

export type TermsService = ReturnType<typeof createTermsService>
