import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { useLocation } from 'react-router'

export interface Details {
  ref: RefObject<HTMLDetailsElement | null>
  /** Whether the element is open now, as the browser says (a tap before hydration included). */
  isOpen: () => boolean
  /** Opens or closes the element. */
  setOpen: (open: boolean) => void
}

/**
 * A native `<details>` whose `open` attribute React never renders: the browser owns it, so a
 * visitor who opened the element before the scripts ran keeps it open through hydration (a
 * rendered `open={false}` would disagree with the DOM, and a later render would close it). Its
 * state is read from the element when needed; a client navigation closes it.
 */
export function useDetails(): Details {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  const address = location.pathname + location.search
  const shownAddress = useRef(address)

  useEffect(() => {
    if (shownAddress.current === address) return
    shownAddress.current = address
    if (ref.current) ref.current.open = false
  }, [address])

  const isOpen = useCallback(() => ref.current?.open ?? false, [])
  const setOpen = useCallback((value: boolean) => {
    if (ref.current) ref.current.open = value
  }, [])
  return { ref, isOpen, setOpen }
}
