import type { Env } from '../env.ts'
import { createCloudflareTarget } from './cloudflare.ts'
import type { CdnTarget } from './cdn-purge.ts'
import { createFastlyTarget } from './fastly.ts'
import { createVarnishTarget } from './varnish.ts'

/** The CDNs the environment configures purges for: Varnish, Cloudflare and Fastly, each when set. */
export function cdnTargetsFromEnv(env: Env): CdnTarget[] {
  const targets: CdnTarget[] = []
  if (env.VARNISH_PURGE_URLS.length > 0) targets.push(createVarnishTarget({ origins: env.VARNISH_PURGE_URLS }))
  if (env.CLOUDFLARE_ZONE_ID !== undefined && env.CLOUDFLARE_API_TOKEN !== undefined)
    targets.push(
      createCloudflareTarget({
        apiUrl: env.CLOUDFLARE_API_URL,
        zoneId: env.CLOUDFLARE_ZONE_ID,
        token: env.CLOUDFLARE_API_TOKEN,
      }),
    )
  if (env.FASTLY_SERVICE_ID !== undefined && env.FASTLY_API_TOKEN !== undefined)
    targets.push(
      createFastlyTarget({ apiUrl: env.FASTLY_API_URL, serviceId: env.FASTLY_SERVICE_ID, token: env.FASTLY_API_TOKEN }),
    )
  return targets
}
