/** Values derived from objects a cache hands out, kept exactly as long as each object lives. */
export interface ObjectMemo {
  /** `derive()` once per `owner` and `key`; later calls with the same two answer the same value. */
  get<T>(owner: object, key: object, derive: () => T): T
}

/**
 * A memo keyed by the objects a cache holds (a page's config, say): an entry goes when its object
 * is dropped, so the memo is bounded by the cache that owns it and a purge reaches it. The site
 * repository owns one; each app instance therefore has its own.
 */
export function createObjectMemo(): ObjectMemo {
  const byOwner = new WeakMap<object, Map<object, unknown>>()
  return {
    get<T>(owner: object, key: object, derive: () => T): T {
      let values = byOwner.get(owner)
      if (values === undefined) {
        values = new Map()
        byOwner.set(owner, values)
      }
      if (values.has(key)) return values.get(key) as T
      const value = derive()
      values.set(key, value)
      return value
    },
  }
}
