import { eq } from 'drizzle-orm'
import { ADMIN_LIST_PAGE, type AdminUser } from '../../../contracts/admin.js'
import type { Db } from '../../db/client.js'
import { newestFirstPage } from '../../db/newest-first.js'
import { users } from './accounts.tables.js'
import { AppError } from '../../errors.js'
import type { Role } from './sessions.service.js'

type UserRow = typeof users.$inferSelect
const USER_LIST = { table: users, id: users.id, createdAt: users.createdAt }

/** A user as the administration sees it: the password hash is never part of it. */
function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    whatsapp: row.whatsapp,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The users tab: list them and change their role. */
export function createUserAdmin(db: Db) {
  return {
    /** A page of users, newest first: those after `before` (a user's id) in that order. */
    async list(before?: string): Promise<AdminUser[]> {
      const query = db.select().from(users).$dynamic()
      const rows = await newestFirstPage(db, USER_LIST, query, ADMIN_LIST_PAGE, before)
      if (!rows) throw new AppError('not_found', 'Usuário não encontrado')
      return rows.map(toAdminUser)
    },

    /**
     * Sessions re-read the user on every request, so the change holds from the next call on.
     * An admin may not demote themselves: the store could be left with no administrator.
     */
    async setRole(userId: string, role: Role, actingUserId: string): Promise<AdminUser> {
      if (userId === actingUserId && role !== 'superadmin') {
        throw new AppError(
          'conflict',
          'Você não pode remover o seu próprio acesso de administrador. Peça a outro administrador.',
        )
      }
      const [row] = await db.update(users).set({ role }).where(eq(users.id, userId)).returning()
      if (!row) throw new AppError('not_found', 'Usuário não encontrado')
      return toAdminUser(row)
    },
  }
}

export type UserAdmin = ReturnType<typeof createUserAdmin>
