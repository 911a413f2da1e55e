import { request as httpRequest } from 'undici'
import type { TestSite } from '../../../test/harness.ts'

/** The post page the takedown tests delete upstream, and where its shared copy lives in Redis. */
export const HOST = 'res.localhost'
export const TOKEN = 'purge-token-for-tests-0123'
export const PATH = '/articles/p1001'
export const KEY = `ts:{${HOST}}:html:zh:http://${HOST}/post/p1001`

/** GETs the post page over a socket and reads what a takedown changes: status, Age, Cache-Control, Location. */
export async function sendPost(site: TestSite) {
  const answer = await httpRequest(`${site.url}${PATH}`, { headers: { host: HOST, cookie: 'lang=zh' } })
  await answer.body.arrayBuffer()
  const header = (name: string) => {
    const value = answer.headers[name]
    return typeof value === 'string' ? value : undefined
  }
  return {
    status: answer.statusCode,
    age: header('age'),
    cacheControl: header('cache-control'),
    location: header('location'),
  }
}
