import type { LookupAddress, LookupOptions } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/**
 * Where the store may send its own requests to an address an administrator or the operator
 * typed: never to link-local addresses, where clouds answer with the machine's
 * credentials (169.254.169.254, fd00:ec2::254), and to loopback and private networks only when
 * the operator says so (`ALLOW_PRIVATE_INTEGRATIONS=1`: a self-hosted Evolution on the same
 * machine or network). Decision 007; the same rule for every address a setting or the
 * environment names (SMTP, the providers' and ad platforms' APIs, the S3 endpoint).
 */
const NEVER = new BlockList()
NEVER.addSubnet('0.0.0.0', 8, 'ipv4') // "this network": 0.0.0.0 reaches the machine itself
NEVER.addSubnet('169.254.0.0', 16, 'ipv4') // link-local, the clouds' metadata service
NEVER.addSubnet('224.0.0.0', 4, 'ipv4') // multicast
NEVER.addSubnet('240.0.0.0', 4, 'ipv4') // reserved, and the broadcast address
NEVER.addAddress('100.100.100.200', 'ipv4') // Alibaba Cloud's metadata service
NEVER.addSubnet('::', 128, 'ipv6')
NEVER.addSubnet('fe80::', 10, 'ipv6') // link-local
NEVER.addSubnet('ff00::', 8, 'ipv6') // multicast
NEVER.addAddress('fd00:ec2::254', 'ipv6') // AWS' metadata service over IPv6

const PRIVATE = new BlockList()
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4')
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4')
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4')
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4')
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4') // carrier-grade NAT, used inside some clouds
PRIVATE.addSubnet('198.18.0.0', 15, 'ipv4') // benchmarking networks
PRIVATE.addAddress('::1', 'ipv6')
PRIVATE.addSubnet('fc00::', 7, 'ipv6') // unique local

export type AddressKind = 'public' | 'private' | 'never'

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1, from a dual-stack socket) as IPv4. */
export function unmapped(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address
}

/** An IP address's kind; an IPv4 written as IPv6 (::ffff:127.0.0.1) is judged as IPv4. */
export function addressKind(address: string): AddressKind {
  const ip = unmapped(address)
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4'
  if (NEVER.check(ip, family)) return 'never'
  if (PRIVATE.check(ip, family)) return 'private'
  return 'public'
}

export class RefusedAddressError extends Error {
  constructor(readonly kind: 'never' | 'private' | 'unresolved') {
    super(`outbound address refused (${kind})`)
    this.name = 'RefusedAddressError'
  }
}

export type Resolve = (host: string) => Promise<string[]>

const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** A URL's host without IPv6's brackets: `[::1]` → `::1`. */
export const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '')

/** Throws RefusedAddressError unless every one of `addresses` may be reached. */
function judge(addresses: string[], allowPrivate: boolean): void {
  if (addresses.length === 0) throw new RefusedAddressError('unresolved')
  const kinds = addresses.map(addressKind)
  if (kinds.includes('never')) throw new RefusedAddressError('never')
  if (!allowPrivate && kinds.includes('private')) throw new RefusedAddressError('private')
}

/**
 * The addresses `host` (a name or an IP) may be reached at: every one it resolves to, each
 * checked, or RefusedAddressError. Every address, not the first: a name with one public and
 * one internal address could be reached on either.
 */
export async function checkedAddresses(
  host: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<string[]> {
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new RefusedAddressError('unresolved')
    }
  }
  judge(addresses, allowPrivate)
  return addresses
}

/**
 * Throws RefusedAddressError unless every address `url`'s host resolves to may be reached.
 * Checked when the URL is saved and again before every request, so a name re-pointed after it
 * was saved (DNS rebinding) is caught at the next call.
 */
export async function checkOutboundUrl(
  url: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<void> {
  await checkedAddresses(hostOf(url), allowPrivate, resolve)
}

/**
 * For a URL written in the environment, at start: a host written as an IP address is judged at
 * once (a connection to it looks nothing up, so nothing later would); a name is checked at
 * each connection. Answers the refusal's kind, or null.
 */
export function literalRefusal(url: string, allowPrivate: boolean): 'never' | 'private' | null {
  const host = hostOf(url)
  if (!isIP(host)) return null
  const kind = addressKind(host)
  if (kind === 'never') return 'never'
  return kind === 'private' && !allowPrivate ? 'private' : null
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * `lookup` for a connection (net, tls, http(s).request, an http.Agent): the name is resolved
 * once, every address checked, and the connection goes to those addresses and no other. The
 * address checked is the address connected to: no second look-up in between that a name
 * answering differently a moment later (DNS rebinding) could turn elsewhere. A refusal fails the
 * connection with RefusedAddressError. A host written as an IP is not looked up by Node: check it
 * with `checkOutboundUrl` (or `literalRefusal`) before connecting.
 */
export function checkedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve) {
  return (
    hostname: string,
    options: LookupOptions | number | LookupCallback,
    callback?: LookupCallback,
  ): void => {
    const done = (typeof options === 'function' ? options : callback)!
    const opts: LookupOptions = typeof options === 'object' ? options : {}
    checkedAddresses(hostname.replace(/^\[|\]$/g, ''), allowPrivate, resolve).then(
      (addresses) => {
        const family = (a: string) => (isIP(a) === 6 ? 6 : 4)
        const wanted =
          opts.family === 4 || opts.family === 'IPv4'
            ? 4
            : opts.family === 6 || opts.family === 'IPv6'
              ? 6
              : 0
        const usable = addresses.filter((a) => !wanted || family(a) === wanted)
        if (usable.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`no address for ${hostname}`)
          err.code = 'ENOTFOUND'
          return done(err, '')
        }
        if (opts.all)
          return done(
            null,
            usable.map((a) => ({ address: a, family: family(a) })),
          )
        done(null, usable[0]!, family(usable[0]!))
      },
      (err: Error) => done(err as NodeJS.ErrnoException, ''),
    )
  }
}
