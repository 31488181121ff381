import { z } from 'zod'
import { AdminContactRequest, ContactAnswer } from '../../../contracts/contact.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'

/** 'Fale conosco' for anyone; the owner's list of requests (admin only). */
export async function contactRoutes(app: App) {
  const { contact } = app.services

  app.post(
    '/api/contact',
    { schema: { body: z.unknown(), response: { 201: ContactAnswer } } },
    async (req, reply) => reply.code(201).send(await contact.create(req.body, req.ip)),
  )

  await adminScope(app, async (scope) => {
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })
    scope.get(
      '/api/admin/contact-requests',
      { schema: { response: { 200: z.array(AdminContactRequest) } } },
      () => contact.list(),
    )
  })
}
