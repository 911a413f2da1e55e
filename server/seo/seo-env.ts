import type { Translate } from '../../shared/i18n/translator.ts'
import type { Lang } from '../../shared/types.ts'
import type { Tenant } from '../tenant/tenant.ts'

/**
 * What the site head and structured data read of a request. Loaders pass their whole environment
 * (server/page-data/loader-env.ts extends this), so the SEO rules never depend on page loading.
 */
export interface SeoEnv {
  tenant: Tenant
  language: Lang
  /** Absolute URL of a router path on this tenant in the page language, on the published origin. */
  absoluteUrl: (routerPath: string) => string
  t: Translate
}
