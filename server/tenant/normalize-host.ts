const MAX_HOST_LENGTH = 253
const MAX_LABEL_LENGTH = 63
// Checked before lower-casing: some non-ASCII characters lower-case to ASCII (U+212A KELVIN SIGN → "k").
const NAME_CHARS = /^[A-Za-z0-9.-]+$/
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/
const IPV6_LITERAL = /^\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?$/
const PORT = /^\d{1,5}$/

/** A TCP port a client can have connected to: 1–65535. */
function isPort(text: string | undefined): boolean {
  if (text === undefined) return true
  if (!PORT.test(text)) return false
  const port = Number(text)
  return port >= 1 && port <= 65535
}

/**
 * Turns a Host header value into the tenant key: lower-case, without port, without one trailing dot.
 * Answers null for anything that is not a plausible host name, so junk never reaches the cache or the
 * upstream `app-domain` header. Any valid port is taken, not only the ones this server listens on:
 * behind a balancer or a CDN the port a visitor addressed is not the server's, and the port never
 * reaches a cache key (cache-keys.ts htmlKey), so it cannot make a new copy of a page.
 */
export function normalizeHost(raw: string | undefined | null): string | null {
  if (typeof raw !== 'string' || raw.length === 0) return null
  const ipv6 = IPV6_LITERAL.exec(raw)
  if (ipv6) return ipv6Host(ipv6[1] ?? '', ipv6[2])

  let host = raw
  const colon = host.indexOf(':')
  if (colon !== -1) {
    if (!isPort(host.slice(colon + 1))) return null
    host = host.slice(0, colon)
  }
  if (host.endsWith('.')) host = host.slice(0, -1)
  return isHostName(host) ? host.toLowerCase() : null
}

/** A bracketed IPv6 address with its optional port: the address in lower case, brackets kept. */
function ipv6Host(address: string, port: string | undefined): string | null {
  if (!isPort(port)) return null
  return address.includes(':') && address.length <= 45 ? `[${address.toLowerCase()}]` : null
}

/** A host name within the name and label lengths, each label made of letters, digits and inner hyphens. */
function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > MAX_HOST_LENGTH || !NAME_CHARS.test(host)) return false
  return host
    .toLowerCase()
    .split('.')
    .every((label) => label.length <= MAX_LABEL_LENGTH && LABEL.test(label))
}
