/**
 * The two elements the server writes around the page (server/render/document-shell.ts): `<body>`
 * opens with the React root, and the hydration data is the element right after it. Found by that
 * place, not by their ids alone: everything written by a site or a visitor (a post, rich text, a
 * streamed boundary) is rendered inside the root, so none of it is a child of `<body>`, let alone
 * the one after the root; an element that copies the ids (`<div id="__hydration">`) cannot stand
 * in for either (docs/security.md "Written HTML").
 */
export interface PageElements {
  root: HTMLElement
  hydration: HTMLScriptElement
}

const ROOT = 'body > div#root'
const HYDRATION = `${ROOT} + script#__hydration[type="application/json"]`

/** The page's root and hydration data, or an error: a page without them cannot hydrate. */
export function findPageElements(doc: Document): PageElements {
  const root = doc.querySelector<HTMLElement>(ROOT)
  const hydration = doc.querySelector<HTMLScriptElement>(HYDRATION)
  if (root === null || hydration === null) throw new Error('The page has no root and hydration data to hydrate')
  return { root, hydration }
}
