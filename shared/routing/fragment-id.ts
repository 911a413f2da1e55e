/**
 * A name as an element id: HTML ids may not contain whitespace (HTML §3.2.6, the `id` attribute), so runs of it become
 * one `-`. Links written with the name itself (`#AI 對話`) still find the element (see ScrollManager).
 */
export function toFragmentId(name: string): string {
  return name.trim().replace(/\s+/g, '-')
}

/** The element a URL fragment names: by its exact id, else by the id form of the name. */
export function findFragmentTarget(doc: Document, fragment: string): HTMLElement | null {
  return doc.getElementById(fragment) ?? doc.getElementById(toFragmentId(fragment))
}
