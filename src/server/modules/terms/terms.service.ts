import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { termsVersions } from './terms.tables.js'

/**
 * The terms as they were at each purchase (Decreto 7.962/2013, art. 4º, IV). `currentTerms` is
 * the text the checkout shows today (wired in composition.ts); each distinct text is kept once,
 * and the order stores its version: changing the terms later changes no past agreement.
 */
export function createTermsService(deps: { db: Db; currentTerms: () => Promise<string> }) {
  const { db } = deps
  return {
    currentTerms: deps.currentTerms,

    /** The version of today's text, stored the first time it is agreed to. */
    async currentVersion(): Promise<number> {
      const text = await deps.currentTerms()
      const hash = createHash('sha256').update(text).digest('hex')
      // Two checkouts at once may both insert: the unique hash keeps one, both read it back.
      await db.insert(termsVersions).values({ hash, text }).onConflictDoNothing()
      const [row] = await db
        .select({ id: termsVersions.id })
        .from(termsVersions)
        .where(eq(termsVersions.hash, hash))
      return row!.id
    },

    /** The text of a version (in the caller's transaction when given). */
    async textOf(versionId: number, q: Db = db): Promise<string | null> {
      const [row] = await q
        .select({ text: termsVersions.text })
        .from(termsVersions)
        .where(eq(termsVersions.id, versionId))
      return row?.text ?? null
    },
  }
}

export type TermsService = ReturnType<typeof createTermsService>
