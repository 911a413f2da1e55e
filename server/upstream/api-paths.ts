/**
 * Every API path of the upstream contract (API.md). Metrics label calls by these only: a path built
 * from visitor input (the same-origin API proxy) is reported as `other`, so labels stay a fixed set.
 */
const API_PATHS = new Set([
  '/v1/site_admin/show_path/get',
  '/v1/site_page/get',
  '/v1/site_page/web_get',
  '/v1/site_page/list',
  '/v1/site_page/group/get',
  '/v1/site_page/rss/list',
  '/v1/site_page/rss/list_hot',
  '/v1/site_page/rss/new_list_hot',
  '/v1/rss_page_add_hot',
  '/v1/site_surprise/web_get',
  '/v1/user/login',
  '/v1/user/register',
  '/v1/send_email',
  '/v1/user/update_password',
  '/v1/third_party_login',
  '/v1/resource/search',
  '/v1/resource/detail',
  '/v1/resource/list',
  '/v1/resource/rank',
  '/v1/resource/tags',
  '/v1/resource/aside',
  '/v1/local_resource_save',
  '/v1/post/list',
  '/v1/post/get',
  '/v1/post/category/list',
  '/v1/post/create',
  '/v1/feedback/list',
  '/v1/feedback/submit',
  '/v1/links/get',
])

/** The metrics label of an upstream path: the path itself when the contract has it, else `other`. */
export function toApiPathLabel(path: string): string {
  const normalized = path.startsWith('/') ? path : `/${path}`
  return API_PATHS.has(normalized) ? normalized : 'other'
}
