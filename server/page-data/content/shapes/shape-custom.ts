import type { CustomBody } from '../../../../shared/data/content-data.ts'
import type { CustomContentType } from '../../../../shared/content-types.ts'
import { customPageConfigSchema } from '../../../upstream/schemas.ts'
import { sanitizeDocument, type Markdown } from '../../markdown.ts'
import type { ObjectMemo } from '../../../cache/object-memo.ts'
import { parsePageConfig } from '../page-config.ts'

/** The media type each served-as-is content type answers with. */
const MEDIA_TYPES: Record<Exclude<CustomContentType, 'markdown' | 'html'>, string> = {
  txt: 'text/plain; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  css: 'text/css; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  pure_html: 'text/html; charset=utf-8',
}

/**
 * A custom page by content type: markdown and HTML become sanitised HTML shown in the site's frame;
 * txt, js, json, css and xml are the content itself, served with their media type; pure_html is the
 * whole document, sanitised of scripts and handlers.
 */
export function shapeCustom(pageConfig: unknown, markdown: Markdown, memo?: ObjectMemo): CustomBody {
  const { content_type: contentType, content } = parsePageConfig(customPageConfigSchema, pageConfig, 'custom', memo)
  switch (contentType) {
    case 'markdown':
      return htmlBody(contentType, markdown.renderMarkdown(content))
    case 'html':
      return htmlBody(contentType, markdown.sanitizeRichText(bodyOf(content)))
    case 'pure_html':
      return {
        kind: 'custom',
        contentType,
        format: 'raw',
        mediaType: MEDIA_TYPES[contentType],
        text: sanitizeDocument(content),
      }
    case 'txt':
    case 'js':
    case 'json':
    case 'css':
    case 'xml':
      return { kind: 'custom', contentType, format: 'raw', mediaType: MEDIA_TYPES[contentType], text: content }
  }
}

function htmlBody(contentType: CustomBody['contentType'], html: string): CustomBody {
  // Content that opens with its own h1 is titled already; the page then shows no second one.
  return { kind: 'custom', contentType, format: 'html', html, hasOwnTitle: /^\s*<h1[\s>]/i.test(html) }
}

/**
 * The part of a whole HTML document that belongs on the page: what is inside <body>, or everything
 * but <head>. The sanitiser would otherwise keep the text of <title> and similar head elements.
 */
function bodyOf(html: string): string {
  const body = /<body[^>]*>([\s\S]*?)(<\/body>|$)/i.exec(html)
  if (body) return body[1] ?? ''
  return html.replace(/<head[^>]*>[\s\S]*?<\/head>/gi, '').replace(/<title[^>]*>[\s\S]*?<\/title>/gi, '')
}
