import { HttpError } from '../../lib/api'

/** What the buyer reads when no answer came (SPEC's connection message). */
export const CONNECTION_TROUBLE = 'Não foi possível conectar ao servidor. Tente novamente.'

/** An error as the account screens show it: the server's own words, or the connection message. */
export const messageOf = (error: unknown) =>
  error instanceof HttpError ? error.message : CONNECTION_TROUBLE
