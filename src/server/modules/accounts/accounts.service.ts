import { and, eq, inArray } from 'drizzle-orm'
import type { RegisterBody, SessionUser } from '../../../contracts/accounts.js'
import type { Db } from '../../db/client.js'
import { users } from './accounts.tables.js'
import { AppError } from '../../errors.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import { accountData } from './account-data.js'
import { hashPassword, verifyPassword } from './passwords.js'

export { hashPassword } from './passwords.js'

type UserRow = typeof users.$inferSelect

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    whatsapp: row.whatsapp,
    role: row.role,
    profileImageUrl: row.profileImageUrl,
    emailVerified: row.emailVerifiedAt !== null,
  }
}

// Verifying against a throwaway hash keeps "no such e-mail" as slow as "wrong password".
const decoyHash = hashPassword('senha-que-ninguem-usa')

export function createAccountsService(db: Db) {
  return {
    /** Creates a customer account; 409 when the e-mail is taken. Runs inside `tx` when given. */
    async register(input: RegisterBody, tx: Db = db, preHashed?: string): Promise<UserRow> {
      // A caller inside a transaction hashes first: on PGlite the transaction holds the only
      // connection, and a 50 ms hash there would stall every other request.
      const passwordHash = preHashed ?? (await hashPassword(input.password))
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          whatsapp: normaliseWhatsapp(input.whatsapp) ?? input.whatsapp.replace(/\D/g, ''),
        })
        .onConflictDoNothing({ target: users.email })
        .returning()
      if (!row) throw new AppError('conflict', 'Este email já está cadastrado. Faça login.')
      return row
    },

    /** The active user with this e-mail and password, or null; never says which part was wrong. */
    async authenticate(email: string, password: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
      if (!row) {
        await verifyPassword(password, await decoyHash)
        return null
      }
      const ok = await verifyPassword(password, row.passwordHash)
      return ok && row.isActive ? row : null
    },

    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row ?? null
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
      return row ?? null
    },

    /** The addresses of active accounts, by id (an alert to several accounts at once). */
    async emailsOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)))
      return new Map(rows.map((r) => [r.id, r.email]))
    },

    /** Correction and erasure of an account's personal data (privacy module). */
    personalData: accountData(db),
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>
