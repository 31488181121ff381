import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { ProviderCallKind, ProviderFailureLog } from '../payments/payments.service.js'
import { providerFailures } from './health.tables.js'

/** Failures in a row from which a provider counts as failing repeatedly. */
export const FAILING_AFTER = 3

/**
 * The payment providers' failures in a row, per provider and kind of call (API, webhook): a
 * failure adds one, a success sets it back to zero. Built before the payments service, which
 * reports to it (provider-failures.module.ts).
 */
export function createProviderFailureLog(
  db: Db,
  now: () => Date,
): ProviderFailureLog & {
  failing(): Promise<(typeof providerFailures.$inferSelect)[]>
} {
  return {
    async failed(provider: string, kind: ProviderCallKind, message: string) {
      const at = now()
      await db
        .insert(providerFailures)
        .values({
          provider,
          kind,
          failuresInARow: 1,
          firstFailureAt: at,
          lastFailureAt: at,
          lastError: message.slice(0, 500),
        })
        .onConflictDoUpdate({
          target: [providerFailures.provider, providerFailures.kind],
          set: {
            failuresInARow: sql`${providerFailures.failuresInARow} + 1`,
            firstFailureAt: sql`coalesce(${providerFailures.firstFailureAt}, ${at.toISOString()}::timestamptz)`,
            lastFailureAt: at,
            lastError: message.slice(0, 500),
          },
        })
    },
    async succeeded(provider: string, kind: ProviderCallKind) {
      // Usually no row changes: a success after successes writes nothing.
      await db
        .update(providerFailures)
        .set({ failuresInARow: 0, firstFailureAt: null })
        .where(
          and(
            eq(providerFailures.provider, provider),
            eq(providerFailures.kind, kind),
            gt(providerFailures.failuresInARow, 0),
          ),
        )
    },
    failing: () =>
      db
        .select()
        .from(providerFailures)
        .where(sql`${providerFailures.failuresInARow} >= ${FAILING_AFTER}`),
  }
}

export type ProviderFailures = ReturnType<typeof createProviderFailureLog>
