import { isStyleGroup, STYLE_GROUPS, type StyleGroup } from '../shared/styles/style-groups.ts'

/** Marks every stylesheet element of the document with the groups it holds (server and browser alike). */
const MARK = 'data-styles'

/**
 * Loads the bundle's stylesheets on demand: a page kind's sheets before a navigation shows it, the
 * sign-in dialog's with its chunk. The first page's sheets are inline in its head (marked with
 * their group); a missing one is linked in cascade order (STYLE_GROUPS) and the promise settles on
 * its `load`, so nothing renders before its rules apply. A sheet that fails (e.g. removed by a new
 * deploy) rejects, and is tried again next time.
 */
export function createStyleLoader(
  hrefs: Readonly<Record<string, string>>,
  doc: Document,
): (groups: readonly StyleGroup[]) => Promise<void> {
  const loading = new Map<StyleGroup, Promise<void>>()

  function present(group: StyleGroup): boolean {
    for (const element of doc.querySelectorAll(`[${MARK}]`)) {
      if (element.getAttribute(MARK)?.split(' ').includes(group)) return true
    }
    return false
  }

  function load(group: StyleGroup): Promise<void> {
    const href = hrefs[group]
    if (href === undefined) return Promise.reject(new Error(`The bundle has no stylesheet "${group}"`))
    const link = doc.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.setAttribute(MARK, group)
    const done = new Promise<void>((resolve, reject) => {
      link.addEventListener('load', () => resolve(), { once: true })
      link.addEventListener(
        'error',
        () => {
          link.remove()
          loading.delete(group)
          reject(new Error(`The stylesheet ${href} did not load`))
        },
        { once: true },
      )
    })
    insertInOrder(link, group)
    return done
  }

  /** Before the first sheet that comes later in the cascade, else after the last sheet. */
  function insertInOrder(link: HTMLLinkElement, group: StyleGroup) {
    const rank = STYLE_GROUPS.indexOf(group)
    const sheets = [...doc.querySelectorAll(`[${MARK}]`)]
    const later = sheets.find((element) => rankOf(element) > rank)
    const last = sheets.at(-1)
    if (later) later.before(link)
    else if (last) last.after(link)
    else doc.head.append(link)
  }

  return async (groups) => {
    await Promise.all(
      groups.map((group) => {
        let pending = loading.get(group)
        if (pending === undefined) {
          pending = present(group) ? Promise.resolve() : load(group)
          loading.set(group, pending)
        }
        return pending
      }),
    )
  }
}

function rankOf(element: Element): number {
  const groups = (element.getAttribute(MARK) ?? '').split(' ').filter(isStyleGroup)
  return Math.min(...groups.map((group) => STYLE_GROUPS.indexOf(group)))
}
