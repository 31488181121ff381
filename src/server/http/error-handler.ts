import type { FastifyError } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ErrorAnswer } from '../../contracts/errors.js'
import type { App } from '../app-types.js'
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

const answer = (message: string): ErrorAnswer => ({ message })

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
      ? invalidInput(thrown.validation)
      : thrown
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send(answer(error.message))
    }
    const status = error.statusCode ?? 500
    if (status < 500) {
      return reply.code(status).send(answer(FASTIFY_MESSAGES[error.code] ?? 'Requisição inválida'))
    }
    req.log.error({ err: error, url: req.url, method: req.method }, 'request failed')
    return reply.code(500).send(answer('Erro interno do servidor. Tente novamente.'))
  })
}
