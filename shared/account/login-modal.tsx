import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { setModalLayer } from '../feedback/modal-layer.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { LoginWay } from '../types.ts'
import { ForgetPasswordPanel } from './forget-password-panel.tsx'
import { LoginRegisterPanel } from './login-register-panel.tsx'
import { RegisterVerifyPanel } from './register-verify-panel.tsx'
import { useCodeSender } from './use-code-sender.ts'

/** SPEC §9: the dialog takes 200 ms to close (its fade-out), then it is gone. */
export const MODAL_CLOSE_MS = 200

/** SPEC §2: the dialog's panels. */
export type Panel = 'login_register' | 'register_verify' | 'forget_password'

export interface AccountForm {
  email: string
  password: string
  confirm: string
}

export interface LoginModalProps {
  loginWays: LoginWay[]
  googleClientId: string
  /** Called once the dialog has closed (after its animation); focus goes back to the control then. */
  onClosed: () => void
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])'

/**
 * The sign-in dialog (SPEC §2, §4): a modal `<dialog>` (the page behind is inert), Tab kept inside,
 * Escape or the close button or a click outside closes it after its animation. Its own chunk,
 * loaded when the visitor first reaches for the sign-in control.
 */
export default function LoginModal({ loginWays, googleClientId, onClosed }: LoginModalProps) {
  const { t } = useI18n()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [closing, setClosing] = useState(false)
  const [panel, setPanel] = useState<Panel>('login_register')
  const [isRegister, setIsRegister] = useState(false)
  const [form, setForm] = useState<AccountForm>({ email: '', password: '', confirm: '' })
  // Lives here, not in a panel: the countdown goes on while the visitor moves between panels.
  const registerSender = useCodeSender(0)
  const emailEnabled = loginWays.includes('email')
  const googleEnabled = loginWays.includes('google') && googleClientId.trim() !== ''

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

  function toLogin(email?: string) {
    setForm((current) => ({ email: email ?? current.email, password: '', confirm: '' }))
    setIsRegister(false)
    setPanel('login_register')
  }

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

  const title =
    panel === 'register_verify'
      ? t('verificationCode')
      : panel === 'forget_password'
        ? t('resetPassword')
        : isRegister
          ? t('register')
          : t('login')

  return (
    <dialog
      ref={dialog}
      className={`account-dialog${closing ? ' account-dialog--closing' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      onKeyDown={trapTab}
      onClick={onBackdrop}
    >
      <div className="account-dialog__body" data-panel={panel}>
        <header className="account-dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="account-dialog__close" aria-label={t('close')} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {panel === 'login_register' ? (
          <LoginRegisterPanel
            emailEnabled={emailEnabled}
            googleClientId={googleEnabled ? googleClientId : null}
            isRegister={isRegister}
            onToggle={() => setIsRegister((value) => !value)}
            form={form}
            setForm={setForm}
            sender={registerSender}
            onVerify={() => setPanel('register_verify')}
            onForgot={() => setPanel('forget_password')}
          />
        ) : null}
        {panel === 'register_verify' ? (
          <RegisterVerifyPanel
            form={form}
            sender={registerSender}
            onBack={() => setPanel('login_register')}
            onDone={() => toLogin()}
          />
        ) : null}
        {panel === 'forget_password' ? (
          <ForgetPasswordPanel
            initialEmail={form.email}
            onBack={() => setPanel('login_register')}
            onDone={(email) => toLogin(email)}
          />
        ) : null}
      </div>
    </dialog>
  )
}
