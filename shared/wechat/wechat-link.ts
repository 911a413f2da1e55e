/** The query parameter and value that mark a link copied out of WeChat (SPEC §2). */
const WECHAT_REF = { name: 'ref', value: 'wx' } as const

/**
 * The address to copy from the in-app-browser screen: `href` with `ref=wx` (SPEC §2). Other query
 * parameters and the hash stay as they are; an existing `ref` is replaced, never doubled.
 */
export function withWechatRef(href: string): string {
  const url = new URL(href)
  url.searchParams.set(WECHAT_REF.name, WECHAT_REF.value)
  return url.href
}

/** WeChat's in-app browser names itself `MicroMessenger` in its User-Agent. */
const WECHAT_USER_AGENT = /micromessenger/i

/** Whether a User-Agent is WeChat's in-app browser. */
export function isWechatUserAgent(userAgent: string): boolean {
  return WECHAT_USER_AGENT.test(userAgent)
}

/** Classes the head script puts on `<html>` in WeChat: one to show the screen, one for its style. */
function wechatClasses(style: 0 | 1): [string, string] {
  return ['wx', `wx-style-${style}`]
}

/**
 * A tiny script for the document head: in WeChat it marks `<html>` before the body is parsed, so
 * the stylesheet shows the screen at first paint, before (and without) the page's JavaScript. The
 * HTML stays the same for every User-Agent, so a CDN may share it.
 */
export function wechatHeadScript(style: 0 | 1): string {
  const classes = JSON.stringify(wechatClasses(style))
  return `if(${String(WECHAT_USER_AGENT)}.test(navigator.userAgent))document.documentElement.classList.add(...${classes})`
}
