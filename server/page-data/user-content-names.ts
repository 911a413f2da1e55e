import { USER_CONTENT_PREFIX } from '../../shared/html/user-content.ts'

/** Attributes by name, as the sanitiser hands them to a tag transform. */
type Attributes = Record<string, string>

/**
 * One written element's attributes with its names moved out of the page's own: `id` and `name` get
 * USER_CONTENT_PREFIX, and an in-page link (`href="#x"`) follows them to `#user-content-x`, so the
 * written HTML's own anchors keep working (docs/security.md "Written HTML"). Everything else is
 * returned as it was.
 */
export function toUserContentNames(attribs: Attributes): Attributes {
  let out: Attributes | undefined
  const set = (name: string, value: string) => {
    out ??= { ...attribs }
    out[name] = value
  }
  if (attribs.id) set('id', USER_CONTENT_PREFIX + attribs.id)
  if (attribs.name) set('name', USER_CONTENT_PREFIX + attribs.name)
  // Browsers strip the blanks around a URL before reading it.
  const href = attribs.href?.trim()
  if (href?.startsWith('#') && href.length > 1) set('href', `#${USER_CONTENT_PREFIX}${href.slice(1)}`)
  return out ?? attribs
}
