import type { DetailPageData } from '../../../shared/data/resource-data.ts'
import { notFound } from '../../../shared/data/page-errors.ts'
import { categoryPath, detailPath } from '../../../shared/data/resource-data.ts'
import { buildPageHead } from '../../../shared/seo/build-page-head.ts'
import { resourceDetailSchema } from '../../upstream/schemas.ts'
import { absoluteHttpUrl } from '../../../shared/rules/safe-url.ts'
import { trailLd } from '../../seo/structured-data.ts'
import type { LoaderEnv } from '../loader-env.ts'
import { orNotFound } from '../or-not-found.ts'
import { toResourceDetail, toResourceSummary } from '../../../shared/data/resource-views.ts'
import { deferredAside } from './aside.ts'

/** `/d/:id`, where id is the resource's seo_title. Upstream status 404 → 'Page Not Found: {path}'. */
export async function loadDetailPage(env: LoaderEnv): Promise<DetailPageData> {
  const seoTitle = (env.params.id ?? '').trim()
  if (seoTitle === '' || seoTitle.length > 200) throw notFound('invalid', env.browserPath)
  const aside = deferredAside(env)
  const { detail_info: resource, recommend } = await orNotFound(
    env,
    env.upstream.data('/v1/resource/detail', { seo_title: seoTitle }, resourceDetailSchema),
  )
  const head = buildPageHead({
    site: env.tenant.site,
    tdkKey: 'detail_page_config',
    values: {
      resourceName: resource.title,
      resourceDescription: resource.description,
      categoryName: resource.category.name,
    },
    fallbackTitle: resource.title,
    fallbackDescription: resource.description,
    urls: env.pageUrls(detailPath(resource.seo_title || seoTitle)),
    image: absoluteHttpUrl(resource.image, env.absoluteUrl),
    imageAlt: resource.title,
    pageType: 'resource',
    jsonLd: [
      trailLd(env, [
        ...(resource.category.key && resource.category.name
          ? [[resource.category.name, categoryPath(resource.category.key)] as const]
          : []),
        [resource.title, detailPath(resource.seo_title || seoTitle)],
      ]),
    ],
  })
  const transferCookies = (env.tenant.site.page_config.resource?.transfer_save_config?.list ?? []).map(
    (account) => account.cookie_id,
  )
  return {
    kind: 'detail',
    head,
    resource: toResourceDetail(resource),
    recommend: recommend.map(toResourceSummary),
    transferCookies,
    ...aside,
  }
}
