import { createRoot } from 'react-dom/client'
import { Bounce, ToastContainer, toast, type ToastContainerProps } from 'react-toastify'
import type { ToastSink } from './notify.ts'

/** SPEC §9: top-right, 3000 ms, close on click, pause on hover and focus loss, drag away past 60 %, no progress bar, at most 20. */
const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 3000,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 60,
  hideProgressBar: true,
  limit: 20,
  newestOnTop: false,
  transition: Bounce,
} satisfies ToastContainerProps

/**
 * Mounts the toast container in a root of its own (outside the hydrated page, so it never affects
 * hydration) and answers its element (notify.ts places it) and the function that shows a toast. The
 * library injects its own styles.
 */
export function mountToastHost(): { element: HTMLElement; show: ToastSink } {
  const element = document.createElement('div')
  element.className = 'toast-host'
  document.body.append(element)
  const rtl = document.documentElement.dir === 'rtl'
  const dark = document.querySelector('.site.theme-night') !== null
  createRoot(element).render(<ToastContainer {...TOAST_OPTIONS} rtl={rtl} theme={dark ? 'dark' : 'light'} />)
  return {
    element,
    show: ({ kind, text }) => {
      toast[kind](text)
    },
  }
}
