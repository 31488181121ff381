import {
  BNCC_MESSAGES,
  BnccCodeParams,
  BnccQuery,
  BnccSearchAnswer,
  BnccSkillPage,
  BnccSuggestionsBody,
} from '../../../contracts/bncc.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import { adminScope } from '../../http/admin-scope.js'

/** The BNCC's skills: the product form's picker, the skill pages' data. */
export function bnccRoutes(app: App) {
  const { bncc, catalog } = app.services

  app.get(
    '/api/bncc',
    { schema: { querystring: BnccQuery, response: { 200: BnccSearchAnswer } } },
    async (req, reply) => {
      // The BNCC changes with a new build only: an hour's cache is harmless.
      reply.header('cache-control', 'public, max-age=3600')
      return bncc.search(req.query)
    },
  )

  app.get(
    '/api/bncc/:code',
    { schema: { params: BnccCodeParams, response: { 200: BnccSkillPage } } },
    async (req) => {
      const skill = bncc.skillByCode(req.params.code)
      if (!skill) throw new AppError('not_found', BNCC_MESSAGES.notFound)
      return { ...skill, products: await catalog.teaching(skill.code) }
    },
  )

  // Only the owner's form asks: a ranking of the whole BNCC per call is no public service.
  return adminScope(app, (scope) => {
    scope.post(
      '/api/admin/bncc-suggestions',
      { schema: { body: BnccSuggestionsBody, response: { 200: BnccSearchAnswer } } },
      async (req) => {
        const { name, description, anos, componentes } = req.body
        return bncc.suggest({ text: `${name}\n${description}`, anos, componentes })
      },
    )
  })
}
