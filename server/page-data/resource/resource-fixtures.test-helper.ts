import type { Resource } from '../../../shared/content-types.ts'

/** A resource as the upstream sends it. */
export function resource(n: number, overrides: Partial<Resource> = {}): Resource {
  return {
    id: `r${n}`,
    seo_title: `res-${n}`,
    title: `Resource ${n}`,
    description: `Description of resource ${n}`,
    image: `https://img.test/${n}.png`,
    category: { key: 'software', name: 'Software' },
    tags: [{ slug: 'linux', name: 'Linux' }],
    pan_type: 'quark',
    target_urls: [{ target_url: `https://pan.test/s/${n}`, pan_type: 'quark', code: 'ab12' }],
    view_count: 10 * n,
    hot_count: n,
    created_at: 1_700_000_000 + n,
    updated_at: 1_700_100_000 + n,
    ...overrides,
  }
}

/** An aside reply with one entry per kind. */
export const ASIDE_REPLY = {
  search: [{ query: 'ubuntu', count: 9 }],
  hot: [resource(1)],
  newest: [resource(2)],
  res_tag: [{ slug: 'linux', name: 'Linux', count: 3 }],
  contact: { title: 'WeChat', img: 'https://img.test/qr.png', tips: 'Scan to follow' },
}
