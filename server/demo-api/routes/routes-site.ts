import { z } from 'zod'
import { defineCall } from '../call.ts'
import { fail, ok, paginate, STATUS } from '../envelope.ts'
import { emptyBody, language, optionalKey, page, pageSize, pageType } from '../schemas.ts'
import { toPageSummary, toShowPath, type DemoPage, type DemoTenant } from '../tenant.ts'
import { siteConfigFor } from '../translate.ts'

// Pages are addressed by their own segment plus their group segment (API.md "ShowPath").
function findPage(tenant: DemoTenant, pagePath: string, groupPath: string): DemoPage | undefined {
  return tenant.pages.find((p) => p.config.page_path === pagePath && p.config.group_path === groupPath)
}

export const siteCalls = [
  defineCall('/v1/site_admin/show_path/get', emptyBody, (_body, { tenant }) =>
    ok({ rows: tenant.pages.map(toShowPath) }),
  ),

  defineCall(
    '/v1/site_page/get',
    z.object({
      page_path: z.string().trim().min(1),
      page_type: pageType.optional(),
      group_path: z.string().trim().optional(),
    }),
    (body, { tenant }) => {
      const found = tenant.pages.find(
        (p) =>
          p.config.page_path === body.page_path &&
          (body.page_type === undefined || p.config.page_type === body.page_type) &&
          (body.group_path === undefined || p.config.group_path === body.group_path),
      )
      return found ? ok(structuredClone(found.config)) : fail(STATUS.notFound, 'page not found')
    },
  ),

  defineCall(
    '/v1/site_page/web_get',
    z.object({
      page_path: z.string().trim().default(''),
      group_path: z.string().trim().default(''),
      // The front end sends '' before it knows the language; that means "the site's default".
      page_language: z.union([language, z.literal('')]).optional(),
    }),
    (body, { tenant }) => {
      const site_config = siteConfigFor(tenant, body.page_language || undefined)
      // Routes that are not content pages ask with page_path '' and get no page config (API.md "ShowPath").
      const found = body.page_path === '' ? undefined : findPage(tenant, body.page_path, body.group_path)
      return ok({ site_config, site_page_config: found ? structuredClone(found.config) : null })
    },
  ),

  defineCall(
    '/v1/site_page/list',
    z.object({
      filter: z
        .object({
          page_type: z.union([pageType, z.literal('')]).optional(),
          group_id: optionalKey,
          keyword: optionalKey,
        })
        .prefault({}),
      page,
      page_size: pageSize,
      is_cache: z.number().optional(),
    }),
    (body, { tenant }) => {
      const { page_type, group_id, keyword } = body.filter
      const needle = keyword?.toLowerCase()
      const rows = tenant.pages
        .filter((p) => !page_type || p.config.page_type === page_type)
        .filter((p) => !group_id || p.group_id === group_id)
        .filter((p) => !needle || `${p.config.title} ${p.description}`.toLowerCase().includes(needle))
        .sort((a, b) => b.updated_at - a.updated_at)
        .map(toPageSummary)
      return ok(paginate(rows, body.page, body.page_size))
    },
  ),

  defineCall('/v1/site_page/group/get', z.object({ group_id: z.string().trim().min(1) }), (body, { tenant }) => {
    const group = tenant.groups.find((g) => g.group_id === body.group_id)
    if (!group) return fail(STATUS.notFound, 'page group not found')
    const pages = tenant.pages.filter((p) => p.group_id === group.group_id).map(toPageSummary)
    return ok({ ...group, pages })
  }),

  defineCall(
    '/v1/site_surprise/web_get',
    z.object({ web_path: z.array(z.string().trim()).max(10).default(['global']), is_cache: z.number().optional() }),
    (body, { tenant }) => {
      // Every promo of the requested paths is returned; the front end decides eligibility (SPEC §4).
      const wanted = new Set(body.web_path)
      const promos = Object.fromEntries(
        Object.entries(tenant.promos)
          .filter(([, promo]) => wanted.has(promo.web_path))
          .map(([id, promo]) => [id, { ...promo }]),
      )
      return ok(promos)
    },
  ),

  defineCall('/v1/links/get', emptyBody, (_body, { tenant }) => ok({ rows: structuredClone(tenant.links) })),
]
