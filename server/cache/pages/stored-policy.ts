import { z } from 'zod'
import type { AnswerPolicy, AnswerScripts, VaryingOn } from '../../http/answer-policy.ts'

const scriptsSchema: z.ZodType<AnswerScripts> = z.union([
  z.object({ own: z.string() }).strict(),
  z.object({ nonce: z.literal(true).optional(), hashes: z.array(z.string()).optional() }).strict(),
])

const varyingOnSchema: z.ZodType<VaryingOn> = z.enum(['Accept', 'Accept-Encoding', 'Accept-Language', 'Cookie'])

/**
 * The policy of a page another instance stored (http/answer-policy.ts), parsed as it is read: a page
 * without one, or with one this build does not know, is no page at all (a miss), never a hit with
 * headers guessed for it.
 */
export const storedPolicySchema: z.ZodType<AnswerPolicy> = z
  .object({
    keeping: z.enum(['shared', 'visitor', 'nobody', 'private']),
    cacheControl: z.string().optional(),
    cdnCacheControl: z.string().optional(),
    cdnTags: z.object({ 'cache-tag': z.string(), 'surrogate-key': z.string() }).strict().optional(),
    scripts: scriptsSchema,
    etag: z.string().optional(),
    vary: z.array(varyingOnSchema).optional(),
  })
  .strict()
