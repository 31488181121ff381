import { checkOutboundUrl, RefusedAddressError } from '../../lib/outbound-address.js'

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
 * Every failure to reach the gateway says the same: which error the connection met (refused,
 * timed out, reset, no such host) would tell whoever sets the URL which ports are open where
 * the store runs (issue 26, item 10). The log has no more either: the outbox keeps this text.
 */
export const UNREACHABLE_MESSAGE =
  'Evolution API inacessível: confira a URL e se o serviço está no ar'

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

// Codes of a connection that never opened: the request cannot have been delivered.
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** `{ status, error, response: { message } }`, where message is a string or a list. */
function describe(status: number, body: unknown): { text: string; notOnWhatsapp: boolean } {
  const message = (body as { response?: { message?: unknown } })?.response?.message
  const items = Array.isArray(message) ? message : message === undefined ? [] : [message]
  const notOnWhatsapp = items.some((m) => (m as { exists?: unknown })?.exists === false)
  if (notOnWhatsapp) return { text: 'o número não tem WhatsApp', notOnWhatsapp }
  const text = items.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('; ')
  const error = (body as { error?: unknown })?.error
  return { text: text || (typeof error === 'string' ? error : `HTTP ${status}`), notOnWhatsapp }
}

const STATUS_TEXT: Record<number, string> = {
  401: 'chave da API recusada',
  404: 'instância não encontrada',
}

/** A send waits this long (well inside the outbox's 60 s claim); a status read much less. */
export const SEND_TIMEOUT_MS = 15_000
const STATE_TIMEOUT_MS = 4_000

export function createEvolutionClient(config: GatewayConfig) {
  const base = config.apiUrl.replace(/\/+$/, '')
  const instance = encodeURIComponent(config.instanceName)

  async function call(method: 'GET' | 'POST', path: string, timeoutMs: number, body?: unknown) {
    try {
      // Again at every call: the name may point elsewhere since the URL was saved.
      await checkOutboundUrl(base, config.allowPrivate ?? false)
    } catch (error) {
      if (!(error instanceof RefusedAddressError)) throw error
      const message = error.kind === 'unresolved' ? UNREACHABLE_MESSAGE : REFUSED_ADDRESS_MESSAGE
      throw new EvolutionError('unreachable', message)
    }
    let res: Response
    try {
      res = await fetch(`${base}${path}`, {
        method,
        // A fresh connection per call: a stale kept-alive socket could fail after the request
        // was written, which would make a plain outage look like an unknown outcome.
        headers: { apikey: config.apiKey, 'content-type': 'application/json', connection: 'close' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        // A redirect is not followed: it could lead where the check above would not let us go.
        redirect: 'manual',
      })
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? ''
      // The kind still tells the outbox whether the message can have left; the words do not.
      const kind = NEVER_CONNECTED.has(code) ? 'unreachable' : 'unknown'
      throw new EvolutionError(kind, UNREACHABLE_MESSAGE)
    }
    const text = await res.text().catch(() => '')
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    if (!res.ok) {
      const { text: reason, notOnWhatsapp } = describe(res.status, json)
      const label = STATUS_TEXT[res.status] ? `${STATUS_TEXT[res.status]}: ` : ''
      throw new EvolutionError(
        'http',
        `Evolution API respondeu ${res.status} (${label}${reason})`,
        res.status,
        notOnWhatsapp,
      )
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
      throw new EvolutionError('http', `Evolution API: estado desconhecido (${String(state)})`, 200)
    },
  }
}

export type EvolutionClient = ReturnType<typeof createEvolutionClient>
