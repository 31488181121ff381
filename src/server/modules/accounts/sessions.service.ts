import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.js'
import { users } from './accounts.tables.js'
import { AppError } from '../../errors.js'
import type { SessionStore } from './session-store.js'

export const SESSION_COOKIE = 'loja_sid'
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export type Role = 'user' | 'superadmin'

/** Who is asking: resolved from the session cookie on the server, never from the client's word. */
export interface Viewer {
  userId: string | null
  role: Role | null
  /** The session's storage id (hash of the token), when there is a live session. */
  sessionId: string | null
}

const ANONYMOUS: Viewer = { userId: null, role: null, sessionId: null }

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

type UserRow = typeof users.$inferSelect

interface Resolved {
  viewer: Viewer
  /** The full row, so GET /api/auth/user costs no second query. */
  user: UserRow | null
}

const NOBODY: Resolved = { viewer: ANONYMOUS, user: null }

export function createSessionService(db: Db, store: SessionStore) {
  const resolved = new WeakMap<FastifyRequest, Promise<Resolved>>()

  async function resolve(req: FastifyRequest): Promise<Resolved> {
    const token = req.cookies[SESSION_COOKIE]
    if (!token) return NOBODY
    const sessionId = hashToken(token)
    const session = await store.get(sessionId)
    if (!session?.userId) {
      return { viewer: { ...ANONYMOUS, sessionId: session ? sessionId : null }, user: null }
    }
    const [user] = await db.select().from(users).where(eq(users.id, session.userId))
    // A deactivated or deleted user is anonymous from their next request on.
    if (!user?.isActive) return NOBODY
    return { viewer: { userId: user.id, role: user.role, sessionId }, user }
  }

  function lookup(req: FastifyRequest): Promise<Resolved> {
    let answer = resolved.get(req)
    if (!answer) {
      answer = resolve(req)
      resolved.set(req, answer)
    }
    return answer
  }

  function setCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number) {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      maxAge: Math.floor(maxAgeMs / 1000),
    })
  }

  return {
    /** The viewer of this request, looked up once however many times it is asked. */
    viewerOf: async (req: FastifyRequest): Promise<Viewer> => (await lookup(req)).viewer,

    /** The logged-in, active user of this request (same single lookup), or null. */
    userOf: async (req: FastifyRequest): Promise<UserRow | null> => (await lookup(req)).user,

    /**
     * Logs `userId` in. The old session (if any) is destroyed and a new token issued, so a
     * cookie planted before login is worthless after it (no session fixation).
     */
    async start(req: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
      const old = req.cookies[SESSION_COOKIE]
      if (old) await store.destroy(hashToken(old))
      const token = randomBytes(32).toString('base64url')
      await store.set(hashToken(token), {
        userId,
        data: {},
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      })
      setCookie(req, reply, token, SESSION_TTL_MS)
      resolved.delete(req)
    },

    /** Logs out: the session dies on the server, not only in the browser. */
    async end(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = req.cookies[SESSION_COOKIE]
      if (token) await store.destroy(hashToken(token))
      reply.clearCookie(SESSION_COOKIE, { path: '/' })
      resolved.set(req, Promise.resolve(NOBODY))
    },

    endAllFor: (userId: string) => store.destroyForUser(userId),

    /** When the user's live sessions began and end (their data export). */
    datesOf: (userId: string) => store.listForUser(userId),
  }
}

export type SessionService = ReturnType<typeof createSessionService>

/** The one guard of every admin route: 401 when anonymous, 403 when not a super administrator. */
export function requireSuperadmin(viewer: Viewer): Viewer & { userId: string } {
  if (!viewer.userId) throw new AppError('unauthorized', 'Faça login para continuar')
  if (viewer.role !== 'superadmin')
    throw new AppError('forbidden', 'Acesso negado: apenas administradores')
  return viewer as Viewer & { userId: string }
}

export function requireUser(viewer: Viewer): Viewer & { userId: string } {
  if (!viewer.userId) throw new AppError('unauthorized', 'Faça login para continuar')
  return viewer as Viewer & { userId: string }
}
