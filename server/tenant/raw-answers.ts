import { UNCHANGED } from '../cache/config/config-cache.ts'
import { valueBytes } from '../cache/config/entry-bytes.ts'
import type { UpstreamCallContext, UpstreamClient } from '../upstream/client.ts'

/** Upstream answers as the caches keep them, with what each came with over the wire. */
export interface RawAnswers {
  /**
   * Upstream `data` as it came, unparsed; UNCHANGED when its bytes have `heldFingerprint`, the
   * fingerprint of the answer a cache holds.
   */
  load(path: string, body: unknown, context: UpstreamCallContext, heldFingerprint?: string): Promise<unknown>
  /** The length of the text an answer came in: the caches' byte bound counts it without serialising the answer again. */
  sizeOf(raw: unknown): number
  /**
   * The fingerprint of the bytes an answer came in: an answer of the same bytes is not parsed again,
   * and the parsed value (with the tenant views and digests derived from it) is kept.
   */
  fingerprintOf(raw: unknown): string | undefined
}

export function createRawAnswers(upstream: UpstreamClient): RawAnswers {
  const cameWith = new WeakMap<object, { textLength: number; fingerprint: string }>()
  const facts = (raw: unknown) => (typeof raw === 'object' && raw !== null ? cameWith.get(raw) : undefined)
  return {
    async load(path, body, context, heldFingerprint) {
      const answer = await upstream.rawData(path, body, context, heldFingerprint)
      if ('unchanged' in answer) return UNCHANGED
      const { data, textLength, fingerprint } = answer
      if (typeof data === 'object' && data !== null) cameWith.set(data, { textLength, fingerprint })
      return data
    },
    sizeOf: (raw) => facts(raw)?.textLength ?? valueBytes(raw),
    fingerprintOf: (raw) => facts(raw)?.fingerprint,
  }
}
