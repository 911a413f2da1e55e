import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react'
import { setModalLayer } from '../feedback/modal-layer.ts'

/** SPEC §9: the dialog takes 200 ms to close (its fade-out), then it is gone. */
const MODAL_CLOSE_MS = 200

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/** A modal dialog's element, whether it is fading out, how to close it, and the handlers its element takes. */
export interface ModalDialog {
  dialog: RefObject<HTMLDialogElement | null>
  closing: boolean
  close: () => void
  handlers: {
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => void
    onClick: (event: MouseEvent<HTMLDialogElement>) => void
  }
}

/**
 * A `<dialog>` shown as a modal once mounted (the page behind is inert), its first field focused,
 * Tab kept inside; Escape, `close` or a click outside closes it after its fade-out, then
 * `onClosed` is called.
 */
export function useModalDialog(onClosed: () => void): ModalDialog {
  const dialog = useRef<HTMLDialogElement>(null)
  const [closing, setClosing] = useState(false)

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) {
      element.showModal()
      // showModal focuses the first focusable element (the close button); the first field is more useful.
      element.querySelector<HTMLElement>('input, button.account-submit')?.focus()
    }
    if (element) setModalLayer(element)
    return () => {
      setModalLayer(null)
      if (element?.open) element.close()
    }
  }, [])

  const closingRef = useRef(false)
  const close = useCallback(() => {
    if (closingRef.current) return
    closingRef.current = true
    setClosing(true)
    // Toasts shown now outlive the dialog: back to the page before it fades out.
    setModalLayer(null)
    setTimeout(() => {
      dialog.current?.close()
      onClosed()
    }, MODAL_CLOSE_MS)
  }, [onClosed])

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (item) => item.offsetParent !== null || item === document.activeElement,
    )
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  function onBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // A click on the dialog element itself is a click on its backdrop: the content fills the box.
    if (event.target === dialog.current) close()
  }

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Escape closes the dialog at once; preventing that lets it fade out first.
    event.preventDefault()
    close()
  }

  return { dialog, closing, close, handlers: { onCancel, onKeyDown: trapTab, onClick: onBackdrop } }
}
