import { type CdnPurge, type CdnRequest, type CdnTarget, inBatches, isRetryableStatus } from './cdn-purge.ts'

/**
 * Varnish's default `http_req_hdr_len` (varnishd's parameters) is 8 KiB per header line: a key
 * list stays under it, name included.
 */
const XKEY_HEADER_MAX_BYTES = 8000

export interface VarnishTargetOptions {
  /** Each Varnish's origin (`http://varnish-1:6081`): every purge goes to all of them. */
  origins: readonly string[]
}

/**
 * Purges at Varnish with the xkey vmod's convention (Debian's varnish-modules; the shipped
 * docs/deploy/varnish.vcl): `PURGE /` with `xkey-softpurge: <keys>` (`xkey-purge` when hard), and
 * `PURGE <path>` with `Host: <host>` for an address, which the VCL bans with every query and variant.
 * Varnish has no key every page carries, so a purge of every tenant is not expressed here.
 */
export function createVarnishTarget(options: VarnishTargetOptions): CdnTarget {
  return {
    name: 'varnish',
    secrets: [],
    metered: false,
    requestsFor(purge) {
      if (purge.kind === 'all') return null
      return options.origins.flatMap((origin) => requestsAt(origin, purge))
    },
    verdict(status, body) {
      if (status >= 200 && status < 300) return { kind: 'ok' }
      const reason = synthReason(status, body)
      return isRetryableStatus(status) ? { kind: 'retry', reason } : { kind: 'rejected', reason }
    },
  }
}

function requestsAt(origin: string, purge: Exclude<CdnPurge, { kind: 'all' }>): CdnRequest[] {
  if (purge.kind === 'addresses')
    return purge.addresses.map(({ host, path }) => ({ origin, path, method: 'PURGE', headers: { host } }))
  const header = purge.mode === 'hard' ? 'xkey-purge' : 'xkey-softpurge'
  return inBatches(purge.keys, Infinity, XKEY_HEADER_MAX_BYTES - header.length - 2).map((keys) => ({
    origin,
    path: '/',
    method: 'PURGE',
    headers: { [header]: keys.join(' ') },
  }))
}

/** `403 Forbidden`: the status and the title of Varnish's synthetic page, when it has one. */
function synthReason(status: number, body: string): string {
  const title = /<title>([^<]{1,200})<\/title>/i.exec(body)?.[1]?.trim()
  if (!title) return String(status)
  return title.startsWith(String(status)) ? title : `${status} ${title}`
}
