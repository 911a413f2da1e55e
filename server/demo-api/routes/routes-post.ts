import { getCookie } from 'hono/cookie'
import { z } from 'zod'
import type { Post } from '../../../shared/content-types.ts'
import { defineCall, nowSeconds } from '../call.ts'
import { fail, ok, paginate, STATUS } from '../envelope.ts'
import { optionalKey, page, pageSize } from '../schemas.ts'
import { SESSION_COOKIE } from '../accounts/session-cookie.ts'
import type { DemoTenant } from '../tenant.ts'

function categoriesWithCounts(tenant: DemoTenant) {
  return tenant.postCategories.map((c) => ({ ...c, count: tenant.posts.filter((p) => p.category.id === c.id).length }))
}

// A readable URL segment for a new post: ASCII words of the title plus the id, e.g. `my-first-note-p1013`.
function toPostPath(title: string, id: string): string {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return words ? `${words}-${id}` : id
}

// Post ids are `p` plus a number; a new one continues after the highest.
function nextPostId(posts: readonly Post[]): string {
  const highest = Math.max(1000, ...posts.map((p) => Number(p.id.slice(1))).filter(Number.isFinite))
  return `p${highest + 1}`
}

// The first paragraph of markdown without its syntax, for lists and meta descriptions.
function describe(markdown: string): string {
  const paragraph = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block !== '' && !/^(#|```|[-*>]|\d+\.)/.test(block))
  return (paragraph ?? markdown)
    .replace(/[*_`[\]()#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160)
}

export const postCalls = [
  defineCall(
    '/v1/post/list',
    z.object({ category_id: optionalKey, query: z.string().trim().max(100).default(''), page, page_size: pageSize }),
    (body, { tenant }) => {
      const needle = body.query.toLowerCase()
      const rows = tenant.posts
        .filter((p) => !body.category_id || p.category.id === body.category_id)
        .filter(
          (p) => needle === '' || `${p.title}\n${p.description}\n${p.tags.join(' ')}`.toLowerCase().includes(needle),
        )
        .sort((a, b) => b.created_at - a.created_at)
      return ok(paginate(rows, body.page, body.page_size))
    },
  ),

  defineCall(
    '/v1/post/get',
    z
      .object({ id: optionalKey, path: optionalKey })
      .refine((body) => body.id !== undefined || body.path !== undefined, 'id or path is required'),
    (body, { tenant }) => {
      const post = tenant.posts.find((p) => (body.id !== undefined ? p.id === body.id : p.path === body.path))
      if (!post) return fail(STATUS.notFound, 'post not found')
      post.view_count += 1
      return ok(post)
    },
  ),

  defineCall('/v1/post/category/list', z.object({}), (_body, { tenant }) => ok({ rows: categoriesWithCounts(tenant) })),

  defineCall(
    '/v1/post/create',
    z.object({
      title: z.string().trim().min(2).max(120),
      content: z.string().trim().min(10).max(50_000),
      category_id: z.string().trim().min(1),
      tags: z.array(z.string().trim().min(1).max(20)).max(10).default([]),
    }),
    (body, ctx) => {
      const { c, tenant, users } = ctx
      const user = users.sessionUser(tenant.site.site_id, getCookie(c, SESSION_COOKIE))
      // HTTP 401 with the message the contract fixes for identity failures (API.md "Transport").
      if (!user) return c.json(fail(STATUS.unauthorized, '身份信息验证失败'), 401)
      const category = tenant.postCategories.find((cat) => cat.id === body.category_id)
      if (!category) return fail(STATUS.invalidInput, 'category_id: no such post category')
      const id = nextPostId(tenant.posts)
      const now = nowSeconds(ctx)
      const post: Post = {
        id,
        path: toPostPath(body.title, id),
        title: body.title,
        description: describe(body.content),
        content: body.content,
        category: { id: category.id, name: category.name },
        tags: [...new Set(body.tags)],
        author: { nick_name: user.nick_name, avatar: user.avatar },
        view_count: 0,
        created_at: now,
        updated_at: now,
      }
      tenant.posts.push(post)
      ctx.log.info({ site_id: tenant.site.site_id, post_id: id, user_id: user.user_id }, 'post created')
      return ok(post)
    },
  ),
]
