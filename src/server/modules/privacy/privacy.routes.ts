import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { RegisterAnswer } from '../../../contracts/accounts.js'
import {
  DataExport,
  DeleteAccountBody,
  ErasureAnswer,
  PrivacyAuditEntry,
  PrivacyEmailBody,
  PrivacyEmailQuery,
  PrivacyLookupAnswer,
  ProfileBody,
} from '../../../contracts/privacy.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'
import { toSessionUser } from '../accounts/accounts.service.js'
import { requireSuperadmin, requireUser } from '../accounts/sessions.service.js'

/** A download, never shown in the tab nor kept by a shared cache (a school's proxy). */
function asAttachment(reply: FastifyReply, at: string) {
  reply.header('cache-control', 'private, no-store')
  reply.header('content-disposition', `attachment; filename="meus-dados-${at.slice(0, 10)}.json"`)
}

/** The data rights (LGPD art. 18): the customer's own in 'Meus dados', the admin's in 'Privacidade'. */
export async function privacyRoutes(app: App) {
  const { sessions, privacy, accounts } = app.services

  async function ownerOf(req: FastifyRequest, reply: FastifyReply): Promise<string> {
    reply.header('cache-control', 'private, no-store')
    return requireUser(await sessions.viewerOf(req)).userId
  }

  app.get(
    '/api/user/data-export',
    { schema: { response: { 200: DataExport } } },
    async (req, reply) => {
      const data = await privacy.exportOwn(await ownerOf(req, reply))
      asAttachment(reply, data.exportedAt)
      return data
    },
  )

  app.put(
    '/api/user/profile',
    { schema: { body: ProfileBody, response: { 200: RegisterAnswer } } },
    async (req, reply) => {
      const user = await accounts.personalData.updateProfile(await ownerOf(req, reply), req.body)
      return { user: toSessionUser(user) }
    },
  )

  app.post(
    '/api/user/delete-account',
    { schema: { body: DeleteAccountBody, response: { 200: ErasureAnswer } } },
    async (req, reply) => {
      const userId = await ownerOf(req, reply)
      const answer = await privacy.deleteOwn(userId, req.body.password, req.ip)
      await sessions.end(req, reply)
      return answer
    },
  )

  await adminScope(app, (scope) => {
    const adminOf = async (req: FastifyRequest) =>
      requireSuperadmin(await sessions.viewerOf(req)).userId
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })

    scope.get(
      '/api/admin/privacy/lookup',
      { schema: { querystring: PrivacyEmailQuery, response: { 200: PrivacyLookupAnswer } } },
      (req) => privacy.lookup(req.query.email),
    )
    scope.get(
      '/api/admin/privacy/export',
      { schema: { querystring: PrivacyEmailQuery, response: { 200: DataExport } } },
      async (req, reply) => {
        const data = await privacy.exportByAdmin(req.query.email, await adminOf(req))
        asAttachment(reply, data.exportedAt)
        return data
      },
    )
    scope.post(
      '/api/admin/privacy/anonymize',
      { schema: { body: PrivacyEmailBody, response: { 200: ErasureAnswer } } },
      async (req) => privacy.eraseByAdmin(req.body.email, await adminOf(req)),
    )
    scope.get(
      '/api/admin/privacy/audit',
      { schema: { response: { 200: z.array(PrivacyAuditEntry) } } },
      () => privacy.auditList(),
    )
  })
}
