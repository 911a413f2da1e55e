import type { SiteConfig } from '../../shared/types.ts'

/** An upstream answer as it came (unparsed), with the fingerprint of its bytes. */
interface HeldAnswer {
  raw: unknown
  fingerprint: string
}

/**
 * A tenant's site texts in its own language are often the very bytes of its language-independent
 * config, which decided the tenant just before. The answer that config first came in is kept here
 * for the tenant's first load in a language, which hands its fingerprint to the upstream client and
 * takes an answer of the same bytes as that config: not parsed again, and the tenant views derived
 * from it shared. Kept from the one load to the next only (the answer's objects are several times
 * its text), and keyed by the config, so an evicted or purged config takes its answer along.
 */
export interface FirstSiteAnswers {
  /** Holds the answer a language-independent config was first loaded from (none without a fingerprint). */
  hold(site: SiteConfig, raw: unknown, fingerprint: string | undefined): void
  /** The answer held for the tenant's language-independent config, forgotten as it is taken. */
  take(site: SiteConfig | undefined): HeldAnswer | undefined
  /** Notes that a language's config is `answer` itself (its bytes came again), and gives its raw value. */
  share(answer: HeldAnswer): unknown
  /**
   * Whether `raw` is an answer a language shares with its language-independent config. Its text is
   * counted once, by that config's entry: counted again, a tenant whose texts are not translated
   * would fill twice its share of the site cache's byte bound. Should that entry go first, the
   * language's entry holds the text uncounted until it goes too; the two are read together on every
   * page, so they sit next to each other in the eviction order.
   */
  isShared(raw: unknown): boolean
}

export function createFirstSiteAnswers(): FirstSiteAnswers {
  const held = new WeakMap<SiteConfig, HeldAnswer>()
  const shared = new WeakSet<object>()
  return {
    hold(site, raw, fingerprint) {
      if (fingerprint !== undefined) held.set(site, { raw, fingerprint })
    },
    take(site) {
      if (site === undefined) return undefined
      const answer = held.get(site)
      held.delete(site)
      return answer
    },
    share(answer) {
      if (typeof answer.raw === 'object' && answer.raw !== null) shared.add(answer.raw)
      return answer.raw
    },
    isShared: (raw) => typeof raw === 'object' && raw !== null && shared.has(raw),
  }
}
