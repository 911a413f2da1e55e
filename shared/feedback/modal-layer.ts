import { useSyncExternalStore } from 'react'

/**
 * The open modal dialog, if any. Everything outside a modal `<dialog>` is inert and drawn under it
 * (the dialog is in the top layer), so page-wide feedback (toasts, the loading overlay) moves into
 * it while it is open. A dialog sets itself on open and null as it starts closing.
 */
let layer: HTMLElement | null = null
const listeners = new Set<() => void>()

export function setModalLayer(element: HTMLElement | null): void {
  if (layer === element) return
  layer = element
  for (const listener of listeners) listener()
}

/** The open dialog, or null. */
export function getModalLayer(): HTMLElement | null {
  return layer?.isConnected ? layer : null
}

export function subscribeModalLayer(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The open dialog, for portals; null on the server and while hydrating. */
export function useModalLayer(): HTMLElement | null {
  return useSyncExternalStore(subscribeModalLayer, getModalLayer, () => null)
}
