// Which proxies may tell the client's IP and scheme: read from TRUST_PROXY by the config and
// handed to Fastify in its own form.

export type TrustProxy = false | number | string[]

const IP_OR_CIDR = /^(?:[0-9.]+|[0-9a-f:.]+)(?:\/\d{1,3})?$/i

/**
 * `0`/`false`: no proxy. `1` (or `true`): the one proxy in front; the client is the address it
 * saw, the right-most X-Forwarded-For entry. `2`: two proxies. A list (`10.0.0.1,10.1.0.0/16`):
 * exactly those proxies. null for anything else.
 */
export function trustProxyOf(value: string): TrustProxy | null {
  const lower = value.toLowerCase()
  if (['', '0', 'false', 'no', 'off'].includes(lower)) return false
  if (['true', 'yes', 'on'].includes(lower)) return 1
  if (/^\d{1,2}$/.test(lower)) return Number(lower)
  const addresses = lower.split(',').map((a) => a.trim())
  return addresses.every((a) => IP_OR_CIDR.test(a) && /\d/.test(a)) ? addresses : null
}

/**
 * Fastify's form of the rule: a count of hops becomes "the first `n` hops are trusted" (what
 * Fastify does with a number, which its types do not list).
 */
export function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}
