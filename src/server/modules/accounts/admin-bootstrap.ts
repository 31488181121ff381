import { eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.js'
import { users } from './accounts.tables.js'
import { hashPassword } from './passwords.js'

export interface AdminBootstrapResult {
  email: string
  /** Only when a password was generated: shown once in the start-up log, never stored in clear. */
  generatedPassword?: string
}

const DEFAULT_ADMIN_EMAIL = 'admin@loja.local'

/**
 * Makes sure a super administrator exists. With ADMIN_EMAIL and ADMIN_PASSWORD the account is
 * created or brought up to date (role, password, active). Without them, and with no admin yet,
 * one is created with a random password that the caller prints once.
 */
export async function ensureSuperAdmin(
  db: Db,
  admin: { email?: string; password?: string },
): Promise<AdminBootstrapResult | null> {
  if (admin.email && admin.password) {
    const passwordHash = await hashPassword(admin.password)
    await db
      .insert(users)
      .values({ email: admin.email, passwordHash, firstName: 'Administrador', role: 'superadmin' })
      .onConflictDoUpdate({
        target: users.email,
        set: { passwordHash, role: 'superadmin', isActive: true },
      })
    return { email: admin.email }
  }
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'superadmin'))
    .limit(1)
  if (existing) return null
  const email = admin.email ?? DEFAULT_ADMIN_EMAIL
  const generatedPassword = randomBytes(12).toString('base64url')
  const passwordHash = await hashPassword(generatedPassword)
  await db
    .insert(users)
    .values({ email, passwordHash, firstName: 'Administrador', role: 'superadmin' })
    .onConflictDoUpdate({
      target: users.email,
      set: { passwordHash, role: 'superadmin', isActive: true },
    })
  return { email, generatedPassword }
}
