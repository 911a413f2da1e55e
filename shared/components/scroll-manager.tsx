import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'
import { findFragmentTarget } from '../routing/fragment-id.ts'

/**
 * SPEC §2: on navigation the page scrolls to the top, or smoothly to the hash target when there is
 * one. Back/forward (POP) keeps the browser's own restoration.
 */
export function ScrollManager() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      // The browser scrolls to an exact id itself; a name with blanks only matches the id form.
      if (location.hash.length > 1 && !document.getElementById(safeDecode(location.hash.slice(1)))) {
        findFragmentTarget(document, safeDecode(location.hash.slice(1)))?.scrollIntoView({ block: 'start' })
      }
      return
    }
    if (navigationType === 'POP') return
    if (location.hash.length > 1) {
      const target = findFragmentTarget(document, safeDecode(location.hash.slice(1)))
      if (target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' })
        return
      }
    }
    window.scrollTo({ top: 0, left: 0 })
  }, [location.pathname, location.search, location.hash, navigationType])
  return null
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
