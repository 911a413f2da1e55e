import { normalizeHost } from '../tenant/normalize-host.ts'

/** Why a name Caddy asks about is refused before any lookup. */
export type AskedDomainRefusal = 'missing' | 'too-long' | 'not-a-host-name' | 'ip-literal' | 'single-label'

export type AskedDomain = { ok: true; domain: string } | { ok: false; reason: AskedDomainRefusal }

const MAX_NAME_LENGTH = 253

/**
 * The one `domain` value of an on-demand TLS ask (the SNI name of a handshake), as the tenant key
 * the site cache is asked with: lower-case, no trailing dot. Only a name a public CA could issue
 * for gets that far (RFC 5280 §4.2.1.6 dNSName): no port, no IP literal (an all-numeric last label,
 * RFC 3696 §2), at least two labels. Anything else is refused without reaching the upstream.
 */
export function parseAskedDomain(values: readonly string[] | undefined): AskedDomain {
  if (values === undefined || values.length !== 1) return { ok: false, reason: 'missing' }
  const raw = values[0] ?? ''
  if (raw.length === 0) return { ok: false, reason: 'missing' }
  if (raw.length > MAX_NAME_LENGTH + 1) return { ok: false, reason: 'too-long' }
  if (raw.startsWith('[') || raw.includes(':')) return { ok: false, reason: 'ip-literal' }
  const domain = normalizeHost(raw)
  if (domain === null) return { ok: false, reason: 'not-a-host-name' }
  const labels = domain.split('.')
  if (/^\d+$/.test(labels.at(-1) ?? '')) return { ok: false, reason: 'ip-literal' }
  if (labels.length < 2) return { ok: false, reason: 'single-label' }
  return { ok: true, domain }
}
