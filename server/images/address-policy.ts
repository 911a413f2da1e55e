import ipaddr from 'ipaddr.js'

/**
 * True only for globally routable unicast addresses. Everything with a special meaning is refused:
 * loopback, private (RFC 1918), link-local (cloud metadata at 169.254.169.254), unique-local,
 * carrier-grade NAT, multicast, unspecified, broadcast, reserved, and the IPv6 forms that embed an
 * IPv4 address (IPv4-mapped, NAT64, 6to4, Teredo), which could smuggle a private one past the check.
 * A whitelist of one range ('unicast') rather than a list of bad ones: a range ipaddr.js learns
 * about later is refused by default.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.parse(address).range() === 'unicast'
}
