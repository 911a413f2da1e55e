/**
 * A store shared by every instance of the server (Redis in production), behind each instance's own
 * in-memory caches. Every method is best effort: a store that is down or slow answers "nothing"
 * (`undefined`, no-op) instead of failing, so visitors are served from local caches and the upstream.
 */
export interface SharedStore {
  /** The stored bytes, or undefined when missing or when the store cannot answer. */
  get(key: string): Promise<Buffer | undefined>
  /** Stores `value` for `ttlMs`. */
  set(key: string, value: Buffer | string, ttlMs: number): Promise<void>
  /**
   * Tries to become the only instance loading `key` for up to `ttlMs`. Answers a release function,
   * or null when another instance holds the lock. An unavailable store answers a no-op release:
   * each instance then loads for itself, as it would without a shared store.
   */
  lock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null>
  /**
   * Notes the time `at` under `key` for `ttlMs` unless a time is noted there already (admission
   * markers). Answers the time noted before, `'new'` when `at` was noted, `'unavailable'` when the
   * store cannot answer.
   */
  note(key: string, at: number, ttlMs: number): Promise<number | 'new' | 'unavailable'>
  /** Deletes these keys; false when the store could not be reached. */
  deleteKeys(keys: string[]): Promise<boolean>
  /** The bytes of `key` and the times stored under `marks` (purge records), in one round trip; nothing when the store cannot answer. */
  getMarked(key: string, marks: string[]): Promise<{ value: Buffer | undefined; marks: (number | undefined)[] }>
  /** Records the time `at` under each of `keys` for `ttlMs` (purge records); false when the store could not be reached. */
  mark(keys: string[], at: number, ttlMs: number): Promise<boolean>
  /**
   * Stores `value` under `key` for `ttlMs` and adds each `[set, members]` (an index of tag → keys, the
   * set then kept at least `ttlMs`), unless one of `guard.marks` holds a time at or after
   * `guard.since`; all at once, so no purge falls between the check and the write. Answers whether it stored.
   */
  setUnlessMarked(
    key: string,
    value: string,
    ttlMs: number,
    guard: { marks: string[]; since: number; sets: [string, string[]][] },
  ): Promise<boolean>
  /** Hands the members of `set` to `each` in batches; false when the store could not be reached. */
  scanSet(set: string, each: (members: string[]) => Promise<void>): Promise<boolean>
}

/** A SharedStore in process memory: for tests and for wiring the seam without Redis. */
export function createMemorySharedStore(now: () => number = Date.now): SharedStore & { readonly keys: string[] } {
  const values = new Map<string, { value: Buffer; expiresAt: number }>()
  const locks = new Map<string, number>()
  const sets = new Map<string, Set<string>>()
  const live = (key: string) => {
    const entry = values.get(key)
    if (entry && entry.expiresAt <= now()) values.delete(key)
    return values.get(key)
  }
  return {
    get keys() {
      return [...values.keys()].filter((key) => live(key) !== undefined)
    },
    async get(key) {
      return live(key)?.value
    },
    async set(key, value, ttlMs) {
      values.set(key, { value: Buffer.from(value), expiresAt: now() + ttlMs })
    },
    async lock(key, ttlMs) {
      const until = locks.get(key)
      if (until !== undefined && until > now()) return null
      const mine = now() + ttlMs
      locks.set(key, mine)
      return async () => {
        if (locks.get(key) === mine) locks.delete(key)
      }
    },
    async note(key, at, ttlMs) {
      const noted = live(key)
      if (noted !== undefined) return readTime(noted.value) ?? 'new'
      values.set(key, { value: Buffer.from(String(at)), expiresAt: now() + ttlMs })
      return 'new'
    },
    async deleteKeys(keys) {
      for (const key of keys) {
        values.delete(key)
        sets.delete(key)
      }
      return true
    },
    async getMarked(key, marks) {
      return { value: live(key)?.value, marks: marks.map((mark) => readTime(live(mark)?.value)) }
    },
    async mark(keys, at, ttlMs) {
      for (const key of keys) values.set(key, { value: Buffer.from(String(at)), expiresAt: now() + ttlMs })
      return true
    },
    async setUnlessMarked(key, value, ttlMs, guard) {
      if (guard.marks.some((mark) => (readTime(live(mark)?.value) ?? -Infinity) >= guard.since)) return false
      values.set(key, { value: Buffer.from(value), expiresAt: now() + ttlMs })
      for (const [name, members] of guard.sets) {
        const set = sets.get(name) ?? new Set<string>()
        for (const member of members) set.add(member)
        sets.set(name, set)
      }
      return true
    },
    async scanSet(name, each) {
      const members = [...(sets.get(name) ?? [])]
      if (members.length > 0) await each(members)
      return true
    },
  }
}

/** A purge record's time, or undefined when missing or unreadable. */
export function readTime(bytes: Buffer | string | null | undefined): number | undefined {
  if (bytes === null || bytes === undefined) return undefined
  const time = Number(bytes.toString())
  return Number.isFinite(time) ? time : undefined
}
