import {
  BNCC_MESSAGES,
  BnccCodeParams,
  BnccIndex,
  BnccQuery,
  BnccSearchAnswer,
  BnccSkillPage,
  BnccSuggestionsBody,
} from '../../../contracts/bncc.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import { adminScope } from '../../http/admin-scope.js'
import { prepareJson, PREPARED_READ, sendPrepared } from '../../lib/http.js'
import { preparedAnswers } from '../../lib/prepared-answers.js'

/** The BNCC's skills: the product form's picker, the skill pages' data and their index. */
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

  // Every code and the materials per taught code: the same bytes (and ETag, so a 304) until the
  // catalogue changes. A static segment: Fastify's router tries it before `:code`.
  const indexes = preparedAnswers(1)
  app.get(
    '/api/bncc/index',
    { schema: { response: { 200: BnccIndex } }, config: PREPARED_READ },
    async (req, reply) =>
      sendPrepared(
        req,
        reply,
        await indexes.get(await catalog.version(), 'index', async () =>
          prepareJson(BnccIndex, bncc.skillsIndex(await catalog.materialsByCode())),
        ),
      ),
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
