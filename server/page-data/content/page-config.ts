import type { z } from 'zod'
import type { PageType } from '../../../shared/types.ts'
import type { ObjectMemo } from '../../cache/object-memo.ts'

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
export function parsePageConfig<T>(
  schema: z.ZodType<T>,
  pageConfig: unknown,
  pageType: PageType,
  memo?: ObjectMemo,
): T {
  // A cached page comes back as the same object on every request, and its parse (up to ~6% of a nav
  // page's uncached render) need not run again: the repository's memo keeps it while the page lives.
  if (memo === undefined || typeof pageConfig !== 'object' || pageConfig === null)
    return parse(schema, pageConfig, pageType)
  return memo.get(pageConfig, schema, () => parse(schema, pageConfig, pageType))
}

function parse<T>(schema: z.ZodType<T>, pageConfig: unknown, pageType: PageType): T {
  const parsed = schema.safeParse(pageConfig)
  if (!parsed.success) throw new PageConfigError(pageType, parsed.error)
  return parsed.data
}
