import { OutboundError, outboundRequest, type OutboundAnswer } from '../../lib/outbound-http.js'

/**
 * Evolution API v2 (PROVIDERS.md), only the two calls the store makes. Every failure is an
 * EvolutionError whose `kind` tells the outbox whether the message can have left.
 */

export interface GatewayConfig {
  apiUrl: string
  apiKey: string
  instanceName: string
  /** ALLOW_PRIVATE_INTEGRATIONS: loopback and private networks may be reached (never link-local). */
  allowPrivate?: boolean
}

/**
 * Every failure says the same, whatever happened: a refused or silent port, an unknown host, a
 * 404 from some other web server, a 500 with its error page. Which of these it was, or the
 * words the far end answered, would let whoever sets the URL map the services around the store
 * (decision 007). The outbox and the log keep this text too; the error's `kind` and `status`
 * still tell the outbox what it needs.
 */
export const GATEWAY_FAILED_MESSAGE =
  'Evolution API inacessível: confira a URL, a chave da API, o nome da instância e se o serviço está no ar'

/** The URL now resolves where the store may not go (checked before every call). */
export const REFUSED_ADDRESS_MESSAGE =
  'Endereço da Evolution API não permitido: aponta para a própria máquina, uma rede privada ou um endereço de metadados'

/**
 * unreachable: no connection was made, nothing was sent (retry). http: the gateway answered with
 * an error, nothing was sent (retry, or give up for `notOnWhatsapp`). unknown: the request may
 * have reached WhatsApp but no answer came back (timeout, dropped connection): at-most-once.
 */
export type EvolutionFailure = 'unreachable' | 'http' | 'unknown'

export class EvolutionError extends Error {
  constructor(
    readonly kind: EvolutionFailure,
    message: string,
    readonly status = 0,
    /** 400 with `exists: false`: this number has no WhatsApp, asking again will not help. */
    readonly notOnWhatsapp = false,
  ) {
    super(message)
    this.name = 'EvolutionError'
  }
}

export type ConnectionState = 'open' | 'connecting' | 'close'

/**
 * Evolution's answer for a number without WhatsApp: a 400 whose `response.message` lists
 * `{ exists: false }`. Only this is read of a failed answer; its text never is.
 */
function saysNotOnWhatsapp(body: unknown): boolean {
  const message = (body as { response?: { message?: unknown } })?.response?.message
  const items = Array.isArray(message) ? message : message === undefined ? [] : [message]
  return items.some((m) => (m as { exists?: unknown })?.exists === false)
}

/** The number has no WhatsApp: the store's own words, the one failure told apart. */
export const NOT_ON_WHATSAPP_MESSAGE = 'o número não tem WhatsApp'

/** A send waits this long (well inside the outbox's 60 s claim); a status read much less. */
export const SEND_TIMEOUT_MS = 15_000
const STATE_TIMEOUT_MS = 4_000

export function createEvolutionClient(config: GatewayConfig) {
  const base = config.apiUrl.replace(/\/+$/, '')
  const instance = encodeURIComponent(config.instanceName)

  async function call(method: 'GET' | 'POST', path: string, timeoutMs: number, body?: unknown) {
    let res: OutboundAnswer
    try {
      // Checked at every call, and connected to the address checked (outbound-http.ts): the
      // name may point elsewhere since the URL was saved. No redirect is followed.
      res = await outboundRequest(`${base}${path}`, {
        method,
        headers: { apikey: config.apiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
        allowPrivate: config.allowPrivate ?? false,
      })
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error
      if (error.refused === 'never' || error.refused === 'private') {
        throw new EvolutionError('unreachable', REFUSED_ADDRESS_MESSAGE)
      }
      // The kind still tells the outbox whether the message can have left; the words do not.
      throw new EvolutionError(error.connected ? 'unknown' : 'unreachable', GATEWAY_FAILED_MESSAGE)
    }
    let json: unknown
    try {
      json = res.text ? JSON.parse(res.text) : undefined
    } catch {
      json = undefined
    }
    if (res.status < 200 || res.status > 299) {
      const notOnWhatsapp = res.status === 400 && saysNotOnWhatsapp(json)
      const message = notOnWhatsapp ? NOT_ON_WHATSAPP_MESSAGE : GATEWAY_FAILED_MESSAGE
      throw new EvolutionError('http', message, res.status, notOnWhatsapp)
    }
    return json
  }

  return {
    /** POST /message/sendText/{instance}; answers the WhatsApp message id (the key's id). */
    async sendText(number: string, text: string): Promise<{ messageId: string | null }> {
      const answer = await call('POST', `/message/sendText/${instance}`, SEND_TIMEOUT_MS, {
        number,
        text,
      })
      const id = (answer as { key?: { id?: unknown } })?.key?.id
      return { messageId: typeof id === 'string' ? id : null }
    },

    /** GET /instance/connectionState/{instance}; short timeout, the admin screen polls it. */
    async connectionState(): Promise<ConnectionState> {
      const answer = await call('GET', `/instance/connectionState/${instance}`, STATE_TIMEOUT_MS)
      const state = (answer as { instance?: { state?: unknown } })?.instance?.state
      if (state === 'open' || state === 'connecting' || state === 'close') return state
      throw new EvolutionError('http', GATEWAY_FAILED_MESSAGE, 200)
    },
  }
}

export type EvolutionClient = ReturnType<typeof createEvolutionClient>
