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
      return { kind: 'custom', contentType, format: 'html', html: renderMarkdown(content), fullWidth: false }
    case 'html':
      return { kind: 'custom', contentType, format: 'html', html: sanitizeRichText(content), fullWidth: false }
    case 'pure_html':
      return { kind: 'custom', contentType, format: 'html', html: sanitizeRichText(content), fullWidth: true }
    case 'txt':
      return { kind: 'custom', contentType, format: 'text', text: content }
    case 'js':
    case 'json':
    case 'css':
    case 'xml':
      return { kind: 'custom', contentType, format: 'code', language: contentType, code: content }
  }
}
