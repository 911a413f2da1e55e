import { isIPv4, isIPv6 } from 'node:net'

/** RFC 5321 §4.5.3.1.3: a path holds at most 256 octets, so an address at most 254 characters. */
const MAX_EMAIL_LENGTH = 254

/** The bucket of requests without a client address (a web Request, as under `app.request()` in tests). */
const NO_ADDRESS = 'unknown'

/**
 * The e-mail a limit is counted by: trimmed, lower-cased and cut to 254 characters, so
 * `A@x.test ` and `a@x.test` share a counter and a key never grows with what a visitor sends.
 * Undefined for anything but a non-empty string (such a call has only its address limit).
 */
export function toEmailKey(email: unknown): string | undefined {
  if (typeof email !== 'string') return undefined
  const normalised = email.trim().toLowerCase().slice(0, MAX_EMAIL_LENGTH)
  return normalised === '' ? undefined : normalised
}

/**
 * The client address a limit is counted by. An IPv6 address counts by its /64: one subscriber is
 * usually handed a whole /64, and counting each of its 2^64 addresses apart would be no limit. An
 * IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function toAddressKey(address: string | undefined): string {
  if (address === undefined || address === '') return NO_ADDRESS
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped !== undefined && isIPv4(mapped)) return mapped
  if (isIPv4(address)) return address
  if (!isIPv6(address)) return NO_ADDRESS
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`
}

/** The eight groups of an IPv6 address (without a zone), lower-case and without leading zeros. */
function expandIPv6(address: string): string[] {
  const bare = address.split('%')[0] ?? ''
  const [head = '', tail] = bare.split('::')
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const missing = 8 - left.length - right.length
  return [...left, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...right].map((group) =>
    (Number.parseInt(group, 16) || 0).toString(16),
  )
}
