import { sql } from 'drizzle-orm'

/** What an erased person's name becomes wherever it was kept (orders, the account). */
export const ANONYMOUS_NAME = 'Cliente removido'

/** The domain of every placeholder e-mail: `.invalid` is reserved (RFC 2606), mail never leaves. */
export const ANONYMOUS_DOMAIN = 'anonimo.invalid'

/**
 * A placeholder e-mail made by the database for each row it replaces: random, so nothing links
 * it back to the address it replaced, and different per row, so unique indexes stay satisfied
 * and two erasures never share one.
 */
export const anonymousEmailSql = sql<string>`'removido-' || replace(gen_random_uuid()::text, '-', '') || '@${sql.raw(ANONYMOUS_DOMAIN)}'`
