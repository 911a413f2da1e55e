import { UNSAFE_createBrowserHistory, type Path, type To } from 'react-router'
import { toBrowserPath, toRoutePath } from '../shared/rules/path-mapping.ts'
import { toBrowserSegments, toRouterSegments } from '../shared/routing/segment-forms.ts'

/** The history interface the router drives (react-router does not export its name). */
type History = ReturnType<typeof UNSAFE_createBrowserHistory>

export interface AddressRules {
  /** '' for the default language, else `/xx`: the router's basename. */
  languagePrefix: string
  searchRoute: string
  pathMapping: { from: string; to: string }[]
}

/**
 * Browser history whose locations are router paths while the address bar shows the visitor's
 * form (SPEC §1 "from-prefix to to-prefix pairs rewrite the browser address"): `/en/articles/1` in the address
 * bar is `/en/post/1` to the router, and every href and pushState goes the other way.
 */
export function createAddressHistory(rules: AddressRules): History {
  const inner = UNSAFE_createBrowserHistory()
  const toRouter = toRouterPathname(rules)
  const toBrowser = (pathname: string) =>
    withPrefix(rules, (path) => toBrowserPath(toBrowserSegments(path, rules.searchRoute), rules.pathMapping), pathname)
  const toBrowserTo = (to: To): To => {
    if (typeof to !== 'string') return to.pathname === undefined ? to : { ...to, pathname: toBrowser(to.pathname) }
    const cut = to.search(/[?#]/)
    return cut === -1 ? toBrowser(to) : toBrowser(to.slice(0, cut)) + to.slice(cut)
  }
  const toRouterLocation = <L extends Path>(location: L): L => ({ ...location, pathname: toRouter(location.pathname) })

  return {
    get action() {
      return inner.action
    },
    get location() {
      return toRouterLocation(inner.location)
    },
    createHref: (to) => inner.createHref(toBrowserTo(to)),
    createURL: (to) => inner.createURL(toBrowserTo(to)),
    encodeLocation: (to) => inner.encodeLocation(to),
    push: (to, state) => inner.push(toBrowserTo(to), state),
    replace: (to, state) => inner.replace(toBrowserTo(to), state),
    go: (delta) => inner.go(delta),
    listen: (listener) =>
      inner.listen((update) => listener({ ...update, location: toRouterLocation(update.location) })),
  }
}

/** Visitor pathname → the router's pathname (language prefix kept: it is the router's basename). */
export function toRouterPathname(rules: AddressRules): (pathname: string) => string {
  return (pathname) =>
    withPrefix(rules, (path) => toRouterSegments(toRoutePath(path, rules.pathMapping), rules.searchRoute), pathname)
}

/** Applies `convert` to the part of the path after the language prefix. */
function withPrefix(rules: AddressRules, convert: (path: string) => string, pathname: string): string {
  const prefix = rules.languagePrefix
  if (prefix === '') return convert(pathname)
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return pathname
  const converted = convert(pathname.slice(prefix.length) || '/')
  return converted === '/' ? prefix : prefix + converted
}
