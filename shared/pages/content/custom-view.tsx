import type { CustomBody } from '../../data/content-data.ts'

/**
 * A custom page shown in the site's frame (markdown and html, sanitised on the server). Other content
 * types are answered as files of their own and never reach a React render.
 */
export function CustomView({ body }: { body: CustomBody }) {
  if (body.format !== 'html') return null
  return (
    <div
      className="content-custom prose"
      data-content-type={body.contentType}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (server/page-data/content/shapes/shape-custom.ts)
      dangerouslySetInnerHTML={{ __html: body.html }}
    />
  )
}
