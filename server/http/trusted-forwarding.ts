import { isIP } from 'node:net'

/** Which proxies in front of the instance are trusted, and with what (TRUST_PROXY, TRUST_FORWARDED_HOST). */
export interface ProxyTrust {
  /** Trusted proxy hops in front of the instance: 0 for none. */
  hops: number
  /** The nearest hop rewrites Host and reports the original in X-Forwarded-Host (or Forwarded host=). */
  forwardedHost: boolean
}

/** No proxy trusted: every forwarding header is the client's own. */
export const NO_PROXY_TRUST: ProxyTrust = { hops: 0, forwardedHost: false }

/**
 * Behind a proxy that rewrites Host (TRUST_FORWARDED_HOST) the tenant of an answer is the one its
 * X-Forwarded-Host names, so a shared cache between that proxy and the instances, which keys by the
 * rewritten Host, must keep a copy per X-Forwarded-Host: every answer names it in `Vary` (RFC 9110 §12.5.5).
 */
export const FORWARDED_HOST_VARY = 'X-Forwarded-Host'

/** The forwarding headers of a request as received (a repeated one joined with commas, in order). */
export interface ForwardingHeaders {
  xForwardedFor: string | undefined
  xForwardedProto: string | undefined
  xForwardedHost: string | undefined
  forwarded: string | undefined
}

/** What the trusted hops report about the visitor's request. */
export interface TrustedForwarding {
  /** The scheme the visitor used. */
  scheme: 'http' | 'https'
  /** The host the visitor addressed, as the nearest hop reports it (only with `forwardedHost` trust). */
  forwardedHost: string | undefined
  /** The visitor's address: the peer's, or the one the furthest trusted hop saw; undefined without a peer. */
  clientAddress: string | undefined
}

/**
 * What the forwarding headers say, as far as the proxies that set them are trusted. Each trusted hop
 * appends the address it saw to X-Forwarded-For, so the list [X-Forwarded-For entries…, peer] read
 * from the right holds one address per trusted hop, then the visitor's: skipping `hops` entries
 * from the right gives the visitor's address, and everything left of it is whatever the visitor
 * wrote. A missing or malformed entry within the trusted part stops the walk at the last address
 * a trusted hop wrote. The scheme and host are the right-most values, the ones the nearest hop set
 * (the shipped proxies replace what a client sent): never the left-most, which a client writes.
 */
export function toTrustedForwarding(
  trust: ProxyTrust,
  headers: ForwardingHeaders,
  connection: { scheme: 'http' | 'https'; peerAddress: string | undefined },
): TrustedForwarding {
  const peer = connection.peerAddress
  if (trust.hops === 0) return { scheme: connection.scheme, forwardedHost: undefined, clientAddress: peer }
  const element = lastForwardedElement(headers.forwarded)
  const proto = (lastValue(headers.xForwardedProto) ?? element.proto)?.toLowerCase()
  return {
    scheme: proto === 'http' || proto === 'https' ? proto : connection.scheme,
    forwardedHost: trust.forwardedHost ? (lastValue(headers.xForwardedHost) ?? element.host) : undefined,
    clientAddress: peer === undefined ? undefined : trustedAddress(peer, headers.xForwardedFor, trust.hops),
  }
}

/** The address `hops` entries left of the peer in [X-Forwarded-For…, peer], or the furthest well-formed one before it. */
function trustedAddress(peer: string, forwardedFor: string | undefined, hops: number): string {
  const entries = forwardedFor === undefined ? [] : forwardedFor.split(',')
  let address = peer
  for (let hop = 1; hop <= hops; hop++) {
    const entry = entries[entries.length - hop]?.trim()
    if (entry === undefined || isIP(entry) === 0) break
    address = entry
  }
  return address
}

/** The right-most value of a comma-separated header, or undefined when it is empty. */
function lastValue(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const last = header.slice(header.lastIndexOf(',') + 1).trim()
  return last === '' ? undefined : last
}

/** One `;`-separated pair of a Forwarded element: a token name, a token or quoted-string value (RFC 7239). */
const FORWARDED_PAIR = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)=(?:([!#$%&'*+.^_`|~0-9A-Za-z:[\]-]+)|"((?:[^"\\]|\\.)*)")\s*$/

/**
 * The `host` and `proto` of the right-most element of a Forwarded header (RFC 7239), the one the
 * nearest hop added. Only that element is read: what a client wrote to its left, malformed or not,
 * does not matter. An element that does not parse gives neither.
 */
function lastForwardedElement(header: string | undefined): { host?: string; proto?: string } {
  if (header === undefined) return {}
  const element = lastElement(header)
  const result: { host?: string; proto?: string } = {}
  for (const pair of splitOutsideQuotes(element, ';')) {
    const match = FORWARDED_PAIR.exec(pair)
    if (match === null) return {}
    const name = (match[1] ?? '').toLowerCase()
    const value = match[2] ?? (match[3] ?? '').replace(/\\(.)/g, '$1')
    if (name === 'host') result.host = value
    if (name === 'proto') result.proto = value
  }
  return result
}

/** The text after the last comma that is outside a quoted string. */
function lastElement(header: string): string {
  const elements = splitOutsideQuotes(header, ',')
  return elements[elements.length - 1] ?? ''
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = []
  let start = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted && char === '\\') i += 1
    else if (char === '"') quoted = !quoted
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}
