import type { FastifyError } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { App } from '../app.js'
import { AppError } from '../errors.js'

/** Fastify's own client errors, said in Portuguese. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON inválido no corpo da requisição',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corpo da requisição vazio',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Corpo da requisição maior que o limite permitido',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length inválido',
}

/** Every error becomes `{ message }` with its status; 5xx details go to the log, never out. */
export function registerErrorHandling(app: App) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send({ message: error.message })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]
      const message = issue?.message ?? 'Dados inválidos'
      return reply.code(400).send({ message })
    }
    const status = error.statusCode ?? 500
    if (status < 500) {
      const message = FASTIFY_MESSAGES[error.code] ?? 'Requisição inválida'
      return reply.code(status).send({ message })
    }
    req.log.error({ err: error, url: req.url, method: req.method }, 'request failed')
    return reply.code(500).send({ message: 'Erro interno do servidor. Tente novamente.' })
  })
}
