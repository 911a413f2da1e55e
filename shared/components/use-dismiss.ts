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
 * Closes a menu on Escape (wherever focus is) and on a pointer press outside `ref`, whenever
 * `isOpen()` says it is open at that moment. The menus are native disclosures whose state the
 * browser owns (a visitor may open one before hydration, or a moment before React hears of it),
 * so the question is asked of the DOM at each key or press, not of rendered state.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  isOpen: () => boolean,
  onDismiss: (reason: DismissReason) => void,
  { outer = false }: DismissOptions = {},
): void {
  // The latest callbacks without re-registering the listeners on every render.
  const latest = useRef({ isOpen, onDismiss })
  useEffect(() => {
    latest.current = { isOpen, onDismiss }
  })
  useEffect(() => {
    // Key events bubble from the document to the window: inner menus listen on the first, outer
    // ones on the second and skip an Escape already handled.
    const keyTarget: Document | Window = outer ? window : document
    const onKeyDown = (event: Event) => {
      if (
        !(event instanceof KeyboardEvent) ||
        event.key !== 'Escape' ||
        event.defaultPrevented ||
        !latest.current.isOpen()
      )
        return
      event.preventDefault()
      latest.current.onDismiss('escape')
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!latest.current.isOpen()) return
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target))
        latest.current.onDismiss('outside')
    }
    keyTarget.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      keyTarget.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [ref, outer])
}
