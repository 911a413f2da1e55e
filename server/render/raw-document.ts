import type { StaticHandlerContext } from 'react-router'
import type { ContentPageData } from '../../shared/data/content-data.ts'

/** A page answered as it is, not rendered: a custom page of a file content type or a whole document. */
export interface RawDocument { mediaType: string; text: string; contentType: string }

/** The raw document a loaded page stands for, or null when it renders in the site's frame. */
export function rawDocumentOf(context: StaticHandlerContext): RawDocument | null {
  if (context.errors) return null
  const leaf = context.matches[context.matches.length - 1]
  const data = leaf ? (context.loaderData[leaf.route.id] as Partial<ContentPageData> | null | undefined) : undefined
  const body = data?.kind === 'content' ? data.body : undefined
  if (body?.kind !== 'custom' || body.format !== 'raw') return null
  return { mediaType: body.mediaType, text: body.text, contentType: body.contentType }
}

/**
 * Scripts never run in a whole-document page, even should the sanitiser miss one: the document
 * comes from the site's editors, not from this product.
 */
const DOCUMENT_POLICY = "script-src 'none'; object-src 'none'; base-uri 'none'; frame-src 'none'"

/** The response of a raw document: its own media type, no site frame, no hydration. */
export function rawDocumentResponse(raw: RawDocument, status: number, method: string, headers: Headers): Response {
  headers.set('content-type', raw.mediaType)
  if (raw.contentType === 'pure_html') headers.set('content-security-policy', DOCUMENT_POLICY)
  return new Response(method === 'HEAD' ? null : raw.text, { status, headers })
}
