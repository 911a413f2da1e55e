import { useEffect, useRef, type RefObject } from 'react'

/** Why an open menu is being closed: Escape returns focus to its opener, the others leave focus alone. */
export type DismissReason = 'escape' | 'outside'

export interface DismissOptions {
  /**
   * A menu that contains other menus (the phone menu panel). It hears Escape after the menus
   * inside it, so one Escape closes the innermost open menu only.
   */
  outer?: boolean
}

/**
 * While `open`, closes a menu on Escape (wherever focus is) and on a pointer press outside `ref`.
 * The listeners exist only while the menu is open.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
  { outer = false }: DismissOptions = {},
): void {
  // The latest callback without re-registering the listeners on every render.
  const dismiss = useRef(onDismiss)
  useEffect(() => {
    dismiss.current = onDismiss
  })
  useEffect(() => {
    if (!open) return
    // Key events bubble from the document to the window: inner menus listen on the first, outer
    // ones on the second and skip an Escape already handled.
    const keyTarget: Document | Window = outer ? window : document
    const onKeyDown = (event: Event) => {
      if (!(event instanceof KeyboardEvent) || event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      dismiss.current('escape')
    }
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) dismiss.current('outside')
    }
    keyTarget.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      keyTarget.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open, ref, outer])
}
