import type { LandBody, LandModuleView } from '../../../../shared/data/content-data.ts'
import type { LandModule } from '../../../../shared/content-types.ts'
import { landPageConfigSchema } from '../../../upstream/schemas.ts'
import type { LoaderEnv } from '../../loader-env.ts'
import { toModuleView } from '../land-modules.ts'
import { loadPosts } from '../posts.ts'
import { readNumber, readText } from '../readers.ts'
import { parsePageConfig } from '../page-config.ts'

/** How many posts a `posts` module may ask for. */
const POSTS_LIMIT_MAX = 24

/** A landing page: every visible module in order; `posts` modules load their posts in parallel. */
export async function shapeLand(env: Pick<LoaderEnv, 'upstream' | 'markdown'>, pageConfig: unknown): Promise<LandBody> {
  const config = parsePageConfig(landPageConfigSchema, pageConfig, 'land', env.upstream.derived)
  const visible = config.modules.filter((module) => module.is_show === 1)
  const modules = await Promise.all(visible.map((module) => toView(env, module)))
  return {
    kind: 'land',
    theme: config.theme,
    bannerStyle: config.banner_style,
    modules: modules.filter((module): module is LandModuleView => module !== null),
  }
}

async function toView(
  env: Pick<LoaderEnv, 'upstream' | 'markdown'>,
  module: LandModule,
): Promise<LandModuleView | null> {
  if (module.type !== 'posts') return toModuleView(module, env.markdown)
  const categoryId = readText(module.data, 'category_id') || null
  const limit = Math.min(POSTS_LIMIT_MAX, Math.max(1, Math.floor(readNumber(module.data, 'limit') ?? 6)))
  const { posts } = await loadPosts(env, { categoryId, limit })
  if (posts.length === 0) return null
  return {
    id: module.id,
    title: module.title?.trim() ?? '',
    subtitle: module.subtitle?.trim() ?? '',
    type: 'posts',
    categoryId,
    posts,
  }
}
