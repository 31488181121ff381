import type { FastifyError } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ErrorAnswer } from '../../contracts/errors.js'
import type { App } from '../app-types.js'
import { connectionLossOf } from '../db/connection-errors.js'
import { AppError } from '../errors.js'
import { invalidInput } from '../lib/parse-or-throw.js'

/** Fastify's own client errors, said in Portuguese. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON inválido no corpo da requisição',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corpo da requisição vazio',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Corpo da requisição maior que o limite permitido',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length inválido',
}

/** A schema issue with its path when it is in the body: only a body's fields are a form's. */
function bodyIssue(issue: { message?: string; instancePath: string }, context?: string) {
  const path = context === 'body' ? issue.instancePath.split('/').filter(Boolean) : []
  return { message: issue.message, path }
}

const answer = (message: string): ErrorAnswer => ({ message })
const DATABASE_UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.'

/**
 * Every error becomes `{ message }` (ErrorAnswer) with its status; 5xx details go to the log,
 * never out. Since every error goes through here, every route's error statuses are declared here
 * too, once: routes declare only what they answer on success.
 */
export function registerErrorHandling(app: App) {
  app.addHook('onRoute', (route) => {
    const declared = route.schema?.response as Record<string, unknown> | undefined
    const response = { '4xx': ErrorAnswer, '5xx': ErrorAnswer, ...declared }
    route.schema = { ...route.schema, response }
  })

  app.setErrorHandler((thrown: FastifyError, req, reply) => {
    const error = hasZodFastifySchemaValidationErrors(thrown)
      ? invalidInput(thrown.validation.map((issue) => bodyIssue(issue, thrown.validationContext)))
      : thrown
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send(answer(error.message))
    }
    const lost = connectionLossOf(error)
    if (lost) {
      // The database went away (restart, failover): the client may retry in a moment. Only the
      // driver's code and message are logged; a failed query's text carries its parameters.
      req.log.warn({ database: lost, route: req.routeOptions.url }, 'database unavailable')
      return reply.code(503).header('retry-after', '5').send(answer(DATABASE_UNAVAILABLE))
    }
    const status = error.statusCode ?? 500
    if (status < 500) {
      return reply.code(status).send(answer(FASTIFY_MESSAGES[error.code] ?? 'Requisição inválida'))
    }
    // The route's pattern, not the address: a path or query may hold a download token or an e-mail.
    req.log.error({ err: error, route: req.routeOptions.url, method: req.method }, 'request failed')
    return reply.code(500).send(answer('Erro interno do servidor. Tente novamente.'))
  })
}
