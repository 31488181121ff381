import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/**
 * Where the store may send its own requests to an address an administrator typed (the
 * Evolution API URL): never to link-local addresses, where clouds answer with the machine's
 * credentials (169.254.169.254, fd00:ec2::254), and to loopback and private networks only when
 * the operator says so (`ALLOW_PRIVATE_INTEGRATIONS=1`: a self-hosted Evolution on the same
 * machine or network). Issue 26, item 10.
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

/**
 * Throws RefusedAddressError unless every address `url`'s host resolves to may be reached.
 * Every address, not the first: a name with one public and one internal address could be
 * reached on either. Checked when the URL is saved and again before every request, so a name
 * re-pointed after it was saved (DNS rebinding) is caught at the next call.
 */
export async function checkOutboundUrl(
  url: string,
  allowPrivate: boolean,
  resolve: Resolve = systemResolve,
): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new RefusedAddressError('unresolved')
    }
  }
  if (addresses.length === 0) throw new RefusedAddressError('unresolved')
  const kinds = addresses.map(addressKind)
  if (kinds.includes('never')) throw new RefusedAddressError('never')
  if (!allowPrivate && kinds.includes('private')) throw new RefusedAddressError('private')
}
