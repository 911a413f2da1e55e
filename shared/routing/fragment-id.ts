import { USER_CONTENT_PREFIX } from '../html/user-content.ts'

/**
 * A name as an element id: HTML ids may not contain whitespace (HTML §3.2.6, the `id` attribute), so runs of it become
 * one `-`. Links written with the name itself (`#AI 對話`) still find the element (see ScrollManager).
 */
export function toFragmentId(name: string): string {
  return name.trim().replace(/\s+/g, '-')
}

/**
 * The element a URL fragment names: by its exact id, else by the id form of the name, else by the
 * id written HTML gave it (`#notes` → `user-content-notes`, docs/security.md "Written HTML"), so an
 * address shared with a written anchor's own name still reaches it. The page's own ids come first.
 */
export function findFragmentTarget(doc: Pick<Document, 'getElementById'>, fragment: string): HTMLElement | null {
  const id = toFragmentId(fragment)
  return (
    doc.getElementById(fragment) ??
    doc.getElementById(id) ??
    doc.getElementById(USER_CONTENT_PREFIX + fragment) ??
    doc.getElementById(USER_CONTENT_PREFIX + id)
  )
}
