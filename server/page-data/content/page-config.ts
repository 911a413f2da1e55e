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
  const known = typeof pageConfig === 'object' && pageConfig !== null ? parsedConfigs.get(pageConfig)?.get(schema) : undefined
  if (known !== undefined) return known as T
  const parsed = schema.safeParse(pageConfig)
  if (!parsed.success) throw new PageConfigError(pageType, parsed.error)
  if (typeof pageConfig === 'object' && pageConfig !== null) {
    let bySchema = parsedConfigs.get(pageConfig)
    if (bySchema === undefined) parsedConfigs.set(pageConfig, (bySchema = new Map()))
    bySchema.set(schema, parsed.data)
  }
  return parsed.data
}

/**
 * Parsed configs per cached page object: a cached page comes back as the same object on every
 * request and its parse (up to ~6% of a nav page's uncached render) need not run again; a refreshed
 * page is a new object, and the parsed value is only ever read.
 */
const parsedConfigs = new WeakMap<object, Map<z.ZodType<unknown>, unknown>>()
