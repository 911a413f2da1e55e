import { request } from 'undici'

/**
 * GET through undici's request API: unlike fetch it sends the `host` header given, which picks the
 * tenant on a loopback address.
 */
export async function get(origin, urlPath, headers = {}) {
  const { statusCode, headers: answerHeaders, body } = await request(origin + urlPath, { method: 'GET', headers })
  const bytes = Buffer.from(await body.arrayBuffer())
  return {
    status: statusCode,
    headers: answerHeaders,
    bytes,
    text: () => bytes.toString('utf8'),
    json: () => JSON.parse(bytes.toString('utf8')),
  }
}
