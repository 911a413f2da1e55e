import type { StaticHandlerContext } from 'react-router'
import type { ContentPageData } from '../../shared/data/content-data.ts'

/** A page answered as it is, not rendered: a custom page of a file content type or a whole document. */
export interface RawDocument {
  mediaType: string
  text: string
}

/** The raw document a loaded page stands for, or null when it renders in the site's frame. */
export function rawDocumentOf(context: StaticHandlerContext): RawDocument | null {
  if (context.errors) return null
  const leaf = context.matches[context.matches.length - 1]
  const data = leaf ? (context.loaderData[leaf.route.id] as Partial<ContentPageData> | null | undefined) : undefined
  const body = data?.kind === 'content' ? data.body : undefined
  if (body?.kind !== 'custom' || body.format !== 'raw') return null
  return { mediaType: body.mediaType, text: body.text }
}

/**
 * The response of a raw document: its own media type, no site frame, no hydration. A whole document
 * carries no script nonce, so the site-wide Content-Security-Policy keeps any script the sanitiser
 * might miss from running.
 */
export function rawDocumentResponse(raw: RawDocument, status: number, method: string, headers: Headers): Response {
  headers.set('content-type', raw.mediaType)
  return new Response(method === 'HEAD' ? null : raw.text, { status, headers })
}
