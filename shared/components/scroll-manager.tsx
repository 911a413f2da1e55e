import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react'
import { type Location, type NavigationType, useLocation, useNavigationType } from 'react-router'
import { findFragmentTarget } from '../routing/fragment-id.ts'

/** Remembered scroll positions per history entry; the browser supplies one (client/scroll-memory.ts). */
export interface ScrollMemory {
  read(key: string): number | undefined
  write(key: string, y: number): void
  /** Keeps the positions beyond this document (the page is being hidden). */
  persist(): void
}

/** No memory on the server: nothing scrolls there. */
export const ScrollMemoryContext = createContext<ScrollMemory | null>(null)

/**
 * SPEC §2: on navigation the page scrolls to the top, or smoothly to the hash target when there is
 * one. Back and forward return to where the visitor was on that entry.
 *
 * The browser's own restoration is switched off: it runs on popstate, while the previous page is
 * still on screen, so a position deeper than that page's height was cut short. Instead the
 * position of each history entry is remembered as the visitor scrolls, and restored once the
 * returned page has rendered; if that page is still growing (streamed parts, images), the scroll
 * follows its growth until it reaches the position or the visitor scrolls on their own.
 */
export function ScrollManager() {
  const memory = useContext(ScrollMemoryContext)
  const location = useLocation()
  const navigationType = useNavigationType()
  const key = scrollKey(location)
  const currentKey = useRef(key)
  const handledKey = useRef<string | null>(null)

  useEffect(() => {
    if (!memory) return
    const previous = window.history.scrollRestoration
    window.history.scrollRestoration = 'manual'
    const save = () => memory.write(currentKey.current, window.scrollY)
    const onPageHide = () => {
      save()
      memory.persist()
    }
    window.addEventListener('scroll', save, { passive: true })
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('scroll', save)
      window.removeEventListener('pagehide', onPageHide)
      window.history.scrollRestoration = previous
    }
  }, [memory])

  // A layout effect: the key must change before the next scroll event is attributed to it.
  useLayoutEffect(() => {
    if (handledKey.current === key) return
    const initial = handledKey.current === null
    handledKey.current = key
    currentKey.current = key
    return initial
      ? scrollOnLoad(memory, key, location.hash)
      : scrollOnNavigation(memory, key, location.hash, navigationType)
  }, [key, location.hash, navigationType, memory])
  return null
}

/** A document's first render (a reload, or a return from another document): its remembered position, else its fragment. */
function scrollOnLoad(memory: ScrollMemory | null, key: string, hash: string): (() => void) | undefined {
  const saved = memory?.read(key)
  if (saved !== undefined && isHistoryLoad()) return followTo(saved)
  // The browser scrolls to an exact id itself; a name with blanks only matches the id form.
  const fragment = safeDecode(hash.slice(1))
  if (fragment !== '' && !document.getElementById(fragment))
    findFragmentTarget(document, fragment)?.scrollIntoView({ block: 'start' })
  return undefined
}

/** A navigation in the app: back and forward to the remembered position, a fragment to its target, else the top. */
function scrollOnNavigation(
  memory: ScrollMemory | null,
  key: string,
  hash: string,
  navigationType: NavigationType,
): (() => void) | undefined {
  if (navigationType === 'POP') return followTo(memory?.read(key) ?? 0)
  const target = hash.length > 1 ? findFragmentTarget(document, safeDecode(hash.slice(1))) : null
  if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' })
  else window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  return undefined
}

/** History entries have unique keys, except the first entry of a document ('default'). */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key
}

function isHistoryLoad(): boolean {
  const entry = performance.getEntriesByType('navigation')[0]
  return entry instanceof PerformanceNavigationTiming && (entry.type === 'reload' || entry.type === 'back_forward')
}

/**
 * Scrolls to `y`, and while the page is too short for it, again each time the page grows. Stops
 * when reached, when the visitor scrolls or presses a key, or on the next navigation (the
 * returned cleanup).
 */
function followTo(y: number): (() => void) | undefined {
  const scroll = () => {
    window.scrollTo({ top: y, left: 0, behavior: 'instant' })
    return document.documentElement.scrollHeight - window.innerHeight >= y
  }
  if (scroll()) return undefined
  const observer = new ResizeObserver(() => {
    if (scroll()) stop()
  })
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  function stop() {
    observer.disconnect()
    for (const type of inputs) window.removeEventListener(type, stop)
  }
  observer.observe(document.body)
  for (const type of inputs) window.addEventListener(type, stop, { passive: true })
  return stop
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
