import { and, eq } from 'drizzle-orm'
import type { ProfileBody } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { ANONYMOUS_NAME, anonymousEmailSql } from '../../lib/anonymous.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import { emailVerifications, passwordResets, users } from './accounts.tables.js'

/** The account's own rows as the LGPD asks for them: read, corrected, erased (decision 015). */
export function accountData(db: Db) {
  return {
    /** Name and WhatsApp corrected by their owner (art. 18, III); the e-mail is the login. */
    async updateProfile(userId: string, body: ProfileBody) {
      const [row] = await db
        .update(users)
        .set({
          firstName: body.firstName,
          lastName: body.lastName,
          whatsapp: normaliseWhatsapp(body.whatsapp) ?? body.whatsapp.replace(/\D/g, ''),
        })
        .where(and(eq(users.id, userId), eq(users.isActive, true)))
        .returning()
      if (!row) throw new AppError('unauthorized', 'Faça login para continuar')
      return row
    },

    /**
     * The account anonymised inside the erasure's transaction: login impossible (no password,
     * inactive), name and contacts replaced. Only while it still has `email`: a second erasure
     * racing the first changes nothing. Answers whether this call erased it.
     */
    async anonymise(tx: Db, userId: string, email: string): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({
          email: anonymousEmailSql,
          passwordHash: null,
          firstName: ANONYMOUS_NAME,
          lastName: '',
          whatsapp: '',
          profileImageUrl: null,
          isActive: false,
          emailVerifiedAt: null,
        })
        .where(and(eq(users.id, userId), eq(users.email, email)))
        .returning({ id: users.id })
      await tx.delete(passwordResets).where(eq(passwordResets.userId, userId))
      await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId))
      return rows.length > 0
    },
  }
}
