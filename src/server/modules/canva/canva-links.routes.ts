import { z } from 'zod'
import {
  AdminCanvaLink,
  CanvaLinkBody,
  CanvaLinkParams,
  CanvaOpenAnswer,
  CanvaOpenBody,
  CanvaOpenQuery,
} from '../../../contracts/messaging.js'
import type { App } from '../../app-types.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import { requireUser } from '../accounts/sessions.service.js'
import { adminScope } from '../../http/admin-scope.js'

/** The admin's 'Links Canva' tab, and the buyer opening one of their templates. */
export function canvaLinksRoutes(app: App) {
  const { canvaLinks, sessions, limiter, guestAccess } = app.services

  // A guest proves the link is theirs with the order's e-mail and WhatsApp, like the guest
  // lookup, and shares its limit per IP (a success gives the attempt back).
  app.post(
    '/api/canva-links/:id/open',
    {
      schema: {
        params: CanvaLinkParams,
        body: CanvaOpenBody,
        response: { 200: CanvaOpenAnswer },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      const { email, whatsapp } = req.body ?? {}
      if (email && whatsapp) {
        await limiter.consume(RATE_LIMITS.guestLookup, req.ip)
        const answer = await canvaLinks.open(req.params.id, { email, whatsapp })
        await limiter.refund(RATE_LIMITS.guestLookup, req.ip)
        return answer
      }
      // A guest who opened an access by a code or an e-mailed link: no WhatsApp to give.
      const provenEmail = email && (await guestAccess.emailOf(req))
      if (provenEmail && provenEmail === email.toLowerCase()) {
        return canvaLinks.open(req.params.id, { provenEmail })
      }
      const { userId } = requireUser(await sessions.viewerOf(req))
      return canvaLinks.open(req.params.id, { userId })
    },
  )

  // The store's address of a bought template ('Meus materiais', the receipt e-mail): the access
  // is checked and the opening counted at every request, and only then is the buyer sent on to
  // Canva; nobody else learns Canva's address. The receipt's `acesso` opens the e-mailed
  // access in this browser first, as 'Meus materiais' does with it.
  app.get(
    '/canva/:id',
    { schema: { params: CanvaLinkParams, querystring: CanvaOpenQuery } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer')
      const { acesso } = req.query
      let provenEmail: string | null = null
      if (acesso) {
        const opened = await guestAccess.openLink(acesso, req.ip)
        guestAccess.setCookie(req, reply, opened.session)
        provenEmail = opened.email
      }
      const viewer = await sessions.viewerOf(req)
      provenEmail ??= await guestAccess.emailOf(req)
      const opener =
        viewer.userId && !acesso ? { userId: viewer.userId } : provenEmail ? { provenEmail } : null
      // No access in this browser: 'Meus materiais' asks who she is, and shows the template.
      if (!opener) return reply.redirect('/meus-materiais', 303)
      const { linkUrl } = await canvaLinks.open(req.params.id, opener)
      return reply.redirect(linkUrl, 303)
    },
  )

  return adminScope(app, (scope) => {
    scope.addHook('onRequest', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })
    scope.get(
      '/api/admin/canva-links',
      { schema: { response: { 200: z.array(AdminCanvaLink) } } },
      () => canvaLinks.list(),
    )
    scope.post(
      '/api/admin/canva-links',
      { schema: { body: CanvaLinkBody, response: { 201: AdminCanvaLink } } },
      async (req, reply) => reply.code(201).send(await canvaLinks.add(req.body)),
    )
  })
}
