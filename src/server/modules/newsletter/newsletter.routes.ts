import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  NewsletterAnswer,
  NewsletterIdParams,
  NewsletterInput,
  NewsletterOverview,
  NewsletterPreview,
  NewsletterSendAnswer,
  NewsletterTestAnswer,
  NewsletterTokenQuery,
  NEWSLETTER_MESSAGES,
  SubscribeBody,
  AdminNewsletter,
} from '../../../contracts/newsletter.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'

/** Newsletters: the footer's opt-in, the links in the e-mails, and the owner's 'Novidades'. */
export async function newsletterRoutes(app: App) {
  const { newsletter, limiter } = app.services

  app.post(
    '/api/newsletter/subscribe',
    { schema: { body: SubscribeBody, response: { 200: NewsletterAnswer } } },
    async (req) => {
      await limiter.consume(RATE_LIMITS.newsletterSubscribeIp, req.ip)
      await newsletter.consent(req.body.email, 'footer')
      return { message: NEWSLETTER_MESSAGES.subscribed }
    },
  )

  app.post(
    '/api/newsletter/confirm',
    { schema: { querystring: NewsletterTokenQuery, response: { 200: NewsletterAnswer } } },
    async (req) => ({ message: await newsletter.subscribers.confirm(req.query.t) }),
  )

  // RFC 8058 one-click: the mail app POSTs `List-Unsubscribe=One-Click` as a form, without
  // cookies or Origin; the store's own page POSTs with no body. Both only need the token.
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>()
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, body),
    )
    scope.post(
      '/api/newsletter/unsubscribe',
      {
        schema: {
          querystring: NewsletterTokenQuery,
          body: z.unknown(),
          response: { 200: NewsletterAnswer },
        },
      },
      async (req) => ({
        message: await newsletter.subscribers.unsubscribe(req.query.t, req.query.n),
      }),
    )
  })

  await adminScope(app, (scope) => {
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })
    scope.get('/api/admin/newsletters', { schema: { response: { 200: NewsletterOverview } } }, () =>
      newsletter.overview(),
    )
    scope.post(
      '/api/admin/newsletters',
      { schema: { body: NewsletterInput, response: { 201: AdminNewsletter } } },
      async (req, reply) => reply.code(201).send(await newsletter.create(req.body)),
    )
    scope.put(
      '/api/admin/newsletters/:id',
      {
        schema: {
          params: NewsletterIdParams,
          body: NewsletterInput,
          response: { 200: AdminNewsletter },
        },
      },
      (req) => newsletter.update(req.params.id, req.body),
    )
    scope.get(
      '/api/admin/newsletters/:id/preview',
      { schema: { params: NewsletterIdParams, response: { 200: NewsletterPreview } } },
      (req) => newsletter.preview(req.params.id),
    )
    scope.post(
      '/api/admin/newsletters/:id/test',
      { schema: { params: NewsletterIdParams, response: { 200: NewsletterTestAnswer } } },
      (req) => newsletter.test(req.params.id),
    )
    scope.post(
      '/api/admin/newsletters/:id/send',
      { schema: { params: NewsletterIdParams, response: { 200: NewsletterSendAnswer } } },
      (req) => newsletter.send(req.params.id),
    )
  })
}
