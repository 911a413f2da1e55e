import type { CustomBody } from '../../../shared/data/content-data.ts'
import { customPageConfigSchema } from '../../upstream/schemas.ts'
import { renderMarkdown, sanitizeRichText } from '../markdown.ts'
import { parsePageConfig } from './page-config.ts'

/**
 * A custom page by content type: markdown and HTML become sanitised HTML (pure_html too: a page
 * without the site frame cannot be served from inside it, so it is shown full-width instead); txt is
 * preformatted text; js/json/css/xml are shown as source code (React escapes it).
 */
export function shapeCustom(pageConfig: unknown): CustomBody {
  const { content_type: contentType, content } = parsePageConfig(customPageConfigSchema, pageConfig, 'custom')
  switch (contentType) {
    case 'markdown':
      return htmlBody(contentType, renderMarkdown(content), false)
    case 'html':
      return htmlBody(contentType, sanitizeRichText(bodyOf(content)), false)
    case 'pure_html':
      return htmlBody(contentType, sanitizeRichText(bodyOf(content)), true)
    case 'txt':
      return { kind: 'custom', contentType, format: 'text', text: content }
    case 'js':
    case 'json':
    case 'css':
    case 'xml':
      return { kind: 'custom', contentType, format: 'code', language: contentType, code: content }
  }
}

function htmlBody(contentType: CustomBody['contentType'], html: string, fullWidth: boolean): CustomBody {
  // Content that opens with its own h1 is titled already; the page then shows no second one.
  return { kind: 'custom', contentType, format: 'html', html, fullWidth, hasOwnTitle: /^\s*<h1[\s>]/i.test(html) }
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
