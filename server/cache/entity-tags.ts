/** Fields naming a content entity by its id, and the entity they name (API.md types). */
const ID_FIELDS: Record<string, string> = {
  page_id: 'page',
  group_id: 'group',
  rss_id: 'rss',
  form_id: 'form',
  category_id: 'category',
}

/** API paths whose rows name their entity by a bare `id`. */
const ID_ENTITIES: [prefix: string, entity: string][] = [
  ['/v1/resource/', 'resource'],
  ['/v1/post/', 'post'],
]

/** Most tags one answer yields: a huge list is tagged by its first entities only (the page's `page:` and `site` tags still reach it). */
const MAX_TAGS = 200

/**
 * The content entities an upstream answer carries, as purge tags (`resource:r3`, `post:12`,
 * `group:g1`, `page:p7`…): every id field anywhere in it, by its name, and a bare `id` by the API
 * path's entity. Ids of people and secrets (`user_id`, `cookie_id`, `site_id`) are not entities.
 */
export function entityTagsOf(path: string, value: unknown): string[] {
  const bare = ID_ENTITIES.find(([prefix]) => path.startsWith(prefix))?.[1]
  const tags = new Set<string>()
  const visit = (node: unknown, depth: number) => {
    if (tags.size >= MAX_TAGS || depth > 8 || typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1)
      return
    }
    for (const [name, field] of Object.entries(node)) {
      const entity = name === 'id' ? bare : ID_FIELDS[name]
      if (entity !== undefined && (typeof field === 'string' || typeof field === 'number') && String(field) !== '')
        tags.add(`${entity}:${field}`)
      else visit(field, depth + 1)
      if (tags.size >= MAX_TAGS) return
    }
  }
  visit(value, 0)
  return [...tags]
}
