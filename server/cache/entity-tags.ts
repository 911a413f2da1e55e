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
 * Longest id a tag carries, once encoded: an id is a key, not a text; a longer one is left out
 * rather than cut (two ids cut to the same text would purge each other's pages).
 */
export const MAX_TAG_ID_LENGTH = 128

/** An id made only of RFC 3986 §2.3's unreserved characters, which an encoded id keeps as they are. */
const UNRESERVED_ONLY = /^[A-Za-z0-9._~-]+$/
/** The characters `encodeURIComponent` leaves that are not unreserved. */
const SUB_DELIMS_LEFT = /[!'()*]/g

/**
 * Every tag this server makes and accepts: `site`, or an entity and its encoded id. Nothing in it
 * can end a header line, split a `Cache-Tag` (commas) or a `Surrogate-Key` (spaces), or fall
 * outside the Latin-1 range a header value may carry.
 */
export const TAG_PATTERN = new RegExp(`^(?:site|[a-z_]+:[A-Za-z0-9._~%-]{1,${MAX_TAG_ID_LENGTH}})$`)

/**
 * An upstream id as a tag's id: its UTF-8 bytes percent-encoded except the unreserved ones (the
 * same text `encodeURIComponent` gives, with `!'()*` encoded too), or null when it is empty or
 * longer than MAX_TAG_ID_LENGTH once encoded. Ids are the upstream's untrusted text: encoding keeps
 * every id taggable (a CJK or spaced id is as purgeable as `r3`), and is one-to-one, so two ids
 * never share a tag. A lone surrogate is sent as U+FFFD rather than thrown on.
 */
function encodeTagId(id: string | number): string | null {
  const text = String(id)
  if (text === '' || text.length > MAX_TAG_ID_LENGTH) return null
  // Nearly every id (`r3`, `12`, `pg-land-c1`) is its own encoding.
  if (UNRESERVED_ONLY.test(text)) return text
  const encoded = encodeURIComponent(text.toWellFormed()).replace(
    SUB_DELIMS_LEFT,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return encoded.length > MAX_TAG_ID_LENGTH ? null : encoded
}

/** The tag of one entity (`resource:r3`, `group:%E5%9B%BE`), or null for an id that cannot be one. */
export function entityTag(entity: string, id: string | number): string | null {
  const encoded = encodeTagId(id)
  return encoded === null ? null : `${entity}:${encoded}`
}

/**
 * The content entities an upstream answer carries, as purge tags (`resource:r3`, `post:12`,
 * `group:g1`, `page:p7`…): every id field anywhere in it, by its name, and a bare `id` by the API
 * path's entity, each made by entityTag (an id that cannot be a tag is left out). Ids of people and
 * secrets (`user_id`, `cookie_id`, `site_id`) are not entities.
 */
export function entityTagsOf(path: string, value: unknown): string[] {
  const bare = ID_ENTITIES.find(([prefix]) => path.startsWith(prefix))?.[1]
  const tags = new Set<string>()
  const visit = (node: unknown, depth: number) => {
    if (tags.size >= MAX_TAGS || depth > 8 || typeof node !== 'object' || node === null) return
    // An array's items are looked through like fields that name no entity.
    const fields = Array.isArray(node) ? node.map((item): [string, unknown] => ['', item]) : Object.entries(node)
    for (const [name, field] of fields) {
      const tag = idFieldTag(name, field, bare)
      if (tag === undefined) visit(field, depth + 1)
      else if (tag !== null) tags.add(tag)
      if (tags.size >= MAX_TAGS) return
    }
  }
  visit(value, 0)
  return [...tags]
}

/** The tag of an id field (null: an id that cannot be a tag); undefined for any other field. */
function idFieldTag(name: string, field: unknown, bare: string | undefined): string | null | undefined {
  const entity = name === 'id' ? bare : ID_FIELDS[name]
  if (entity === undefined || (typeof field !== 'string' && typeof field !== 'number')) return undefined
  return entityTag(entity, field)
}
