import { useEffect, useRef, useState, type ComponentType } from 'react'
import type { PublicHeader } from '../data/public-site.ts'
import { notify } from '../feedback/notify.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { usableLoginWays } from './account-rules.ts'
import type { LoginModalProps } from './login-modal.tsx'
import { useStyleLoader, type StyleLoader } from '../styles/style-loader.ts'
import { SIGN_IN_REQUEST_EVENT } from './sign-in-request.ts'
import { UserMenu } from './user-menu.tsx'
import { useStoredUser } from './stored-user.ts'

let modalChunk: Promise<{ default: ComponentType<LoginModalProps> }> | null = null

/** The dialog's chunk and stylesheet, requested once (a failure is retried on the next attempt). */
function loadLoginModal(ensureStyles: StyleLoader): Promise<{ default: ComponentType<LoginModalProps> }> {
  modalChunk ??= Promise.all([import('./login-modal.tsx'), ensureStyles(['account-dialog'])]).then(([module]) => module, (error: unknown) => {
    modalChunk = null
    throw error
  })
  return modalChunk
}

/**
 * The header's account slot: "Sign in" when the site or page has usable login ways (SPEC §6), the signed-in
 * user once hydrated. The server always renders the signed-out form (the same HTML for everyone);
 * both forms fill the same box, so nothing moves when the user appears. The dialog's code is loaded
 * when the visitor points at, focuses or clicks the control, never with the page.
 */
export function AccountControl({ header }: { header: Pick<PublicHeader, 'loginWays' | 'googleClientId'> }) {
  const { t } = useI18n()
  const user = useStoredUser()
  const ensureStyles = useStyleLoader()
  const [Modal, setModal] = useState<ComponentType<LoginModalProps> | null>(null)
  const [open, setOpen] = useState(false)
  const [focusControl, setFocusControl] = useState(false)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!focusControl) return
    button.current?.focus()
    setFocusControl(false)
  }, [focusControl, user])

  const ways = usableLoginWays(header.loginWays, header.googleClientId)

  // Other parts of the page (an editor told "401") ask for the dialog through a window event.
  useEffect(() => {
    if (ways.length === 0) return
    const onRequest = () => void openDialog()
    window.addEventListener(SIGN_IN_REQUEST_EVENT, onRequest)
    return () => window.removeEventListener(SIGN_IN_REQUEST_EVENT, onRequest)
  })

  if (ways.length === 0) return null

  const preload = () => void loadLoginModal(ensureStyles).catch(() => {})
  async function openDialog() {
    try {
      const module = await loadLoginModal(ensureStyles)
      setModal(() => module.default)
      setOpen(true)
    } catch {
      notify.error(t('fetchFailed'))
    }
  }

  return (
    <div className="account-control">
      {user ? (
        <UserMenu user={user} onSignedOut={() => setFocusControl(true)} />
      ) : (
        <button
          ref={button}
          type="button"
          className="account-signin"
          aria-haspopup="dialog"
          // Needs the app: a tap before hydration is kept and replayed (server/render/first-tap-script.ts).
          data-needs-app=""
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => void openDialog()}
        >
          <svg className="account-signin__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
          </svg>
          <span className="account-signin__label">{t('login')}</span>
        </button>
      )}
      {open && Modal ? (
        <Modal
          loginWays={ways}
          googleClientId={header.googleClientId}
          onClosed={() => {
            setOpen(false)
            setFocusControl(true)
          }}
        />
      ) : null}
    </div>
  )
}
