import type { ScrollMemory } from '../shared/components/scroll-manager.tsx'

const STORAGE_KEY = 'scroll-positions'
/** Enough for a long browsing session in one tab; the oldest entries go first. */
const MAX_ENTRIES = 100

/**
 * Scroll positions per history entry, kept in memory and written to session storage when the page
 * is hidden, so a reload or a return from another document restores them too. Whatever the
 * storage holds is parsed; an unreadable value is ignored.
 */
export function createScrollMemory(storage: Pick<Storage, 'getItem' | 'setItem'> | null): ScrollMemory {
  const positions = new Map<string, number>(readStored(storage))
  return {
    read: (key) => positions.get(key),
    write(key, y) {
      // Re-inserting keeps the Map in least-recently-written order for trimming.
      positions.delete(key)
      positions.set(key, y)
      if (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value as string)
    },
    persist() {
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify([...positions]))
      } catch {
        // Storage full or disabled: restoring within this document still works.
      }
    },
  }
}

function readStored(storage: Pick<Storage, 'getItem'> | null): [string, number][] {
  try {
    const raw = storage?.getItem(STORAGE_KEY)
    if (!raw) return []
    const parsed: unknown = JSON.parse(raw)
    return isStoredPositions(parsed) ? parsed.map(([key, y]) => [key, y]) : []
  } catch {
    return []
  }
}

/** At most MAX_ENTRIES pairs of a history key (up to 300 characters) and a scroll offset (by hand: zod is kept out of the first load). */
function isStoredPositions(value: unknown): value is [string, number][] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_ENTRIES &&
    value.every(
      (entry: unknown) =>
        Array.isArray(entry) &&
        entry.length === 2 &&
        typeof entry[0] === 'string' &&
        entry[0].length <= 300 &&
        typeof entry[1] === 'number' &&
        Number.isFinite(entry[1]) &&
        entry[1] >= 0,
    )
  )
}
