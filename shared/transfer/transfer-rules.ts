import type { MessageKey } from '../i18n/locales/en.ts'
import { safeHttpUrl } from '../rules/safe-url.ts'

/** API.md `/v1/local_resource_save` errors. */
const SHARE_LINK_ERROR = 1030
const SHARE_LINK_EXPIRED = 1031

/** The outcome of a transfer-save, ready to show. */
export type TransferOutcome = { kind: 'saved'; url: string } | { kind: 'failed'; message: MessageKey }

/**
 * The site drive account to save a link of drive type `panType` into: one named after the drive
 * (`quark-…` for `quark`) when the site has one, else the first configured. Null when the site
 * configures none (then transfer-save is not offered).
 */
export function pickTransferCookie(cookieIds: readonly string[], panType: string): string | null {
  const type = panType.trim().toLowerCase()
  const named =
    type === ''
      ? undefined
      : cookieIds.find((id) => id.toLowerCase().startsWith(`${type}-`) || id.toLowerCase() === type)
  return named ?? cookieIds[0] ?? null
}

/**
 * What an envelope of `/v1/local_resource_save` means for the visitor (SPEC §8): the new share
 * link on success (only an http(s) address is shown), 1030 a wrong share link, 1031 an expired
 * one, anything else a generic failure.
 */
export function toTransferOutcome(envelope: { status: number; data: unknown }): TransferOutcome {
  if (envelope.status === SHARE_LINK_ERROR) return { kind: 'failed', message: 'shareLinkError' }
  if (envelope.status === SHARE_LINK_EXPIRED) return { kind: 'failed', message: 'shareLinkExpired' }
  if (envelope.status !== 0) return { kind: 'failed', message: 'transferFailed' }
  const data = envelope.data
  const url = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).final_share_url : undefined
  const link = safeHttpUrl(url)
  return link === null ? { kind: 'failed', message: 'transferFailed' } : { kind: 'saved', url: link }
}
