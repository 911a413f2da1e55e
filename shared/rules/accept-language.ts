/**
 * Accept-Language matching for the first-access language redirect (SPEC §2).
 *
 * Kept in its own module because it pulls in `negotiator`, which the browser bundle never needs.
 * Header parsing and q-value ordering are negotiator's (RFC 9110 §12.5.4); mapping a client tag onto
 * one of the 21 supported languages is ours, a "lookup" in the sense of RFC 4647 §3.4 with a few
 * Chinese script/region rules on top.
 */
import Negotiator from 'negotiator'
import type { Lang } from '../types.ts'
import { parseLanguage } from './languages.ts'

/**
 * Only this much of a header is read. Real browsers send well under 200 characters; the cap keeps a
 * hostile header from costing more than a fixed amount of work.
 */
export const MAX_ACCEPT_LANGUAGE_LENGTH = 1024

// Traditional Chinese scripts and regions map to zh-TW, everything else Chinese to zh.
const TRADITIONAL_CHINESE_SUBTAGS = new Set(['hant', 'tw', 'hk', 'mo'])
// Retired or alternative primary subtags for a supported language (tl is the older code for Filipino).
const PRIMARY_ALIASES: ReadonlyMap<string, Lang> = new Map([['tl', 'fil']])

/**
 * The supported language a client language tag stands for, or `undefined`:
 * the exact tag first (`zh-TW`), then zh-Hant/zh-HK/zh-MO → zh-TW and zh/zh-CN/zh-Hans/zh-SG → zh,
 * then the primary subtag (`en-GB` → en, `pt-BR` → pt, `fil-PH` and `tl` → fil).
 */
export function toSupportedLanguage(tag: string): Lang | undefined {
  const exact = parseLanguage(tag)
  if (exact !== undefined) return exact
  // Some clients write `zh_TW`; the separator carries no meaning here.
  const subtags = tag.toLowerCase().replaceAll('_', '-').split('-')
  const primary = subtags[0] ?? ''
  if (primary === 'zh') {
    const rest = subtags.slice(1)
    // An explicit script wins over the region (zh-Hans-HK is Simplified).
    if (rest.includes('hans')) return 'zh'
    return rest.some((subtag) => TRADITIONAL_CHINESE_SUBTAGS.has(subtag)) ? 'zh-TW' : 'zh'
  }
  return PRIMARY_ALIASES.get(primary) ?? parseLanguage(primary)
}

/**
 * The language among `available` that the visitor prefers most, or `undefined` when none fits.
 *
 * Tags are tried in the client's order of preference (q-value, then position); the first one that
 * maps onto an available language wins. `*` stands for "any language", which the site answers with
 * `fallback` (its default); `fallback` always counts as available. A missing, empty or unreadable
 * header matches nothing; this function never throws.
 */
export function matchAcceptLanguage(
  header: string | undefined,
  available: readonly Lang[],
  fallback: Lang,
): Lang | undefined {
  if (header === undefined) return undefined
  for (const tag of preferredTags(header)) {
    if (tag === '*') return fallback
    const lang = toSupportedLanguage(tag)
    if (lang !== undefined && (lang === fallback || available.includes(lang))) return lang
  }
  return undefined
}

function preferredTags(header: string): string[] {
  const bounded = header.length <= MAX_ACCEPT_LANGUAGE_LENGTH ? header : cutAtLastComma(header)
  if (bounded.trim() === '') return []
  try {
    // Without a list of offers, negotiator returns every tag with q > 0, best first.
    return new Negotiator({ headers: { 'accept-language': bounded } }).languages()
  } catch {
    return []
  }
}

// Cut on a list separator so that the last entry read is whole, not a truncated tag.
function cutAtLastComma(header: string): string {
  const head = header.slice(0, MAX_ACCEPT_LANGUAGE_LENGTH)
  const comma = head.lastIndexOf(',')
  return comma === -1 ? '' : head.slice(0, comma)
}
