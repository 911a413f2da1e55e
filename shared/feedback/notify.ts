import { getModalLayer, subscribeModalLayer } from './modal-layer.ts'

/** What a toast says: success, failure, a warning (e.g. a field to fix first) or plain information. */
type ToastKind = 'success' | 'error' | 'warning' | 'info'
interface ToastMessage {
  kind: ToastKind
  text: string
}

/** Shows queued and later toasts; provided by the toast chunk once it has loaded. */
export type ToastSink = (message: ToastMessage) => void

let sink: ToastSink | null = null
let loading: Promise<void> | null = null
const queue: ToastMessage[] = []
let host: HTMLElement | null = null

/**
 * Toasts live in the open modal dialog while there is one (outside it they would be inert: not
 * clickable, not announced), and in the body otherwise.
 */
function placeHost(): void {
  if (host === null) return
  const parent = getModalLayer() ?? document.body
  if (host.parentElement !== parent) parent.append(host)
}

/**
 * Shows a toast (SPEC §9). The toast library is a chunk of its own, loaded with the first toast, so
 * pages that never show one never download it; toasts asked for meanwhile are shown once it is in.
 * Browser only: on the server (or before hydration) toasts are dropped, as there is nobody to see them.
 */
function show(kind: ToastKind, text: string): void {
  if (typeof window === 'undefined' || text === '') return
  if (sink !== null) {
    sink({ kind, text })
    return
  }
  queue.push({ kind, text })
  if (loading !== null) return
  loading = import('./toast-host.tsx').then(
    ({ mountToastHost }) => {
      const mounted = mountToastHost()
      host = mounted.element
      placeHost()
      subscribeModalLayer(placeHost)
      sink = mounted.show
      for (const message of queue.splice(0)) sink(message)
    },
    (error: unknown) => {
      // A failed chunk (offline, new deploy) is retried with the next toast.
      loading = null
      console.warn('the toast chunk failed to load', error)
    },
  )
}

/** The one way features show toasts: `notify.success(t('…'))`. */
export const notify = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
}
