import type { z } from 'zod'
import type { PageType } from '../../../shared/types.ts'

/** A page's `page_config` did not have the shape of its page type. */
export class PageConfigError extends Error {
  override name = 'PageConfigError'

  constructor(pageType: PageType, cause: unknown) {
    super(`page_config of a ${pageType} page has an unexpected shape`, { cause })
  }
}

/**
 * Checks a page's `page_config` against the schema of its type. The schemas are lenient (missing
 * parts take defaults); what still fails is a broken config, which is the upstream's fault: it
 * surfaces as a server error rather than as a half-rendered page.
 */
export function parsePageConfig<T>(schema: z.ZodType<T>, pageConfig: unknown, pageType: PageType): T {
  const parsed = schema.safeParse(pageConfig)
  if (!parsed.success) throw new PageConfigError(pageType, parsed.error)
  return parsed.data
}
