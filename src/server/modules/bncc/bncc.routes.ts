import { BnccQuery, BnccSearchAnswer } from '../../../contracts/bncc.js'
import type { App } from '../../app-types.js'

/** The BNCC's skills: the product form's picker, the skill pages' data. */
export function bnccRoutes(app: App) {
  const { bncc } = app.services

  app.get(
    '/api/bncc',
    { schema: { querystring: BnccQuery, response: { 200: BnccSearchAnswer } } },
    async (req, reply) => {
      // The BNCC changes with a new build only: an hour's cache is harmless.
      reply.header('cache-control', 'public, max-age=3600')
      return bncc.search(req.query)
    },
  )
}
