import { useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react'
import type { PublicHeader } from '../data/public-site.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { loadAccountMessages } from '../i18n/load-messages.ts'
import type { Locale } from '../i18n/locale.ts'
import type { LoginModalProps } from './login-modal.tsx'
import { useStyleLoader, type StyleLoader } from '../styles/style-loader.ts'
import { usableLoginWays } from './login-ways.ts'
import { SIGN_IN_REQUEST_EVENT } from './sign-in-request.ts'
import { useMaybeSignedIn } from './user-storage.ts'
import { SIGN_IN_CONTROL } from './sign-in-control.ts'

type Session = typeof import('./account-session.ts')

let modalChunk: Promise<{ default: ComponentType<LoginModalProps> }> | null = null
let sessionChunk: Promise<Session> | null = null

/**
 * The dialog's chunk, stylesheet and strings (the page has its language's page strings only),
 * requested once (a failure is retried on the next attempt).
 */
function loadLoginModal(
  ensureStyles: StyleLoader,
  locale: Locale,
): Promise<{ default: ComponentType<LoginModalProps> }> {
  modalChunk ??= Promise.all([
    import('./login-modal.tsx'),
    ensureStyles(['account-dialog']),
    loadAccountMessages(locale.language).then(locale.addMessages),
    locale.ready(),
  ]).then(
    ([module]) => module,
    (error: unknown) => {
      modalChunk = null
      throw error
    },
  )
  return modalChunk
}

/** The stored user and its menu (account-session.ts), requested once, like the dialog. */
function loadSession(): Promise<Session> {
  sessionChunk ??= import('./account-session.ts').catch((error: unknown) => {
    sessionChunk = null
    throw error
  })
  return sessionChunk
}

const noUser = () => null
const subscribeNothing = () => () => {}

/**
 * The header's account slot: "Sign in" when the site or page has usable login ways (SPEC §6), the signed-in
 * user once hydrated. The server always renders the signed-out form (the same HTML for everyone);
 * both forms fill the same box, so nothing moves when the user appears. Only the button is in the
 * page's first load: the stored user and its menu load after hydration when someone is stored (or
 * signs in, here or in another tab), the dialog when the visitor points at, focuses or clicks the
 * control. A click shows the control busy until the dialog is there.
 */
export function AccountControl({ header }: { header: Pick<PublicHeader, 'loginWays' | 'googleClientId'> }) {
  const locale = useI18n()
  const { t } = locale
  const ensureStyles = useStyleLoader()
  const [session, setSession] = useState<Session | null>(null)
  const user = useSyncExternalStore(
    session?.subscribeStoredUser ?? subscribeNothing,
    session?.currentStoredUser ?? noUser,
    noUser,
  )
  const [Modal, setModal] = useState<ComponentType<LoginModalProps> | null>(null)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [focusControl, setFocusControl] = useState(false)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!focusControl) return
    button.current?.focus()
    setFocusControl(false)
  }, [focusControl])

  const ways = usableLoginWays(header.loginWays, header.googleClientId)

  // Other parts of the page (an editor told "401") ask for the dialog through a window event.
  useEffect(() => {
    if (ways.length === 0) return
    const onRequest = () => void openDialog()
    window.addEventListener(SIGN_IN_REQUEST_EVENT, onRequest)
    return () => window.removeEventListener(SIGN_IN_REQUEST_EVENT, onRequest)
  })

  // Someone stored (now, or later by another document of the site): load what shows them.
  const hasLogin = ways.length > 0
  const maybeSignedIn = useMaybeSignedIn(hasLogin)
  useEffect(() => {
    if (maybeSignedIn && session === null)
      void Promise.all([loadSession(), locale.ready()]).then(
        ([loaded]) => setSession(loaded),
        () => {},
      )
  }, [maybeSignedIn, session, locale.ready])

  if (!hasLogin) return null

  const preload = () => void loadLoginModal(ensureStyles, locale).catch(() => {})
  async function openDialog() {
    setBusy(true)
    try {
      // With the session, so the menu is ready the moment the dialog signs the visitor in.
      const [module, loaded] = await Promise.all([loadLoginModal(ensureStyles, locale), loadSession()])
      setSession(loaded)
      setModal(() => module.default)
      setOpen(true)
    } catch {
      void Promise.all([import('../feedback/notify.ts'), locale.ready()]).then(
        ([{ notify }]) => notify.error(t('fetchFailed')),
        () => {},
      )
    } finally {
      setBusy(false)
    }
  }

  const UserMenu = session?.UserMenu
  return (
    <div className="account-control">
      {user && UserMenu ? (
        <UserMenu user={user} onSignedOut={() => setFocusControl(true)} />
      ) : (
        <button
          ref={button}
          type="button"
          className="account-signin"
          aria-haspopup="dialog"
          aria-busy={busy || undefined}
          // Needs the app: a tap before hydration is kept and replayed (server/render/first-tap-script.ts).
          data-needs-app={SIGN_IN_CONTROL}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => void openDialog()}
        >
          <svg
            className="account-signin__icon"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
          >
            <path
              fill="currentColor"
              d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z"
            />
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
