/**
 * Site code a hash cannot allow (a script loaded by its address): a page of a site that carries it
 * gives every script the response's nonce and is its visitor's alone (server/render/document-scripts.ts).
 * Tests of the nonce slots a kept page's hits fill use it.
 */
export const ADDRESSED_SITE_SCRIPT = '<script async src="https://t.example/tag.js"></script>'

/** An upstream for startTestSite whose site configs carry `code` as the site's code (customize_code). */
export function withSiteCode(code: string) {
  return async (request: Request, demo: (request: Request) => Promise<Response>): Promise<Response> => {
    const response = await demo(request)
    if (!request.url.endsWith('/v1/site_page/web_get')) return response
    const body = (await response.json()) as { data?: { site_config?: { seo_config: { customize_code: unknown } } } }
    if (body.data?.site_config) body.data.site_config.seo_config.customize_code = { model: 1, data: [code] }
    return Response.json(body)
  }
}
