import type { TestSiteOptions } from '../../../test/harness.ts'

/**
 * The demo API with the res site's config listing nav's domain among its aliases: a tenant naming
 * another tenant's domain, which a host purge of res must leave alone.
 */
export const resListsNavAsAlias: NonNullable<TestSiteOptions['upstream']> = async (request, demo) => {
  const answer = await demo(request)
  if (!new URL(request.url).pathname.startsWith('/v1/site_page/web_get')) return answer
  const json = (await answer.json()) as { data?: { site_config?: { site_id: string; alias_domain: string[] } } }
  const config = json.data?.site_config
  if (config?.site_id === 'site-res') config.alias_domain = [...config.alias_domain, 'nav.localhost']
  return Response.json(json)
}
