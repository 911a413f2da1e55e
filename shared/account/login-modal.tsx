import { useId, useState } from 'react'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { LoginWay } from '../types.ts'
import { ForgetPasswordPanel } from './forget-password-panel.tsx'
import { LoginRegisterPanel } from './login-register-panel.tsx'
import { RegisterVerifyPanel } from './register-verify-panel.tsx'
import { useCodeSender } from './use-code-sender.ts'
import { useModalDialog } from './use-modal-dialog.ts'

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

/**
 * The sign-in dialog (SPEC §2, §4): a modal `<dialog>` (the page behind is inert), Tab kept inside,
 * Escape or the close button or a click outside closes it after its animation. Its own chunk,
 * loaded when the visitor first reaches for the sign-in control.
 */
export default function LoginModal({ loginWays, googleClientId, onClosed }: LoginModalProps) {
  const { t } = useI18n()
  const titleId = useId()
  const [panel, setPanel] = useState<Panel>('login_register')
  const [isRegister, setIsRegister] = useState(false)
  const [form, setForm] = useState<AccountForm>({ email: '', password: '', confirm: '' })
  // Lives here, not in a panel: the countdown goes on while the visitor moves between panels.
  const registerSender = useCodeSender(0)
  const { dialog, closing, close, handlers } = useModalDialog(onClosed)
  const emailEnabled = loginWays.includes('email')
  const googleEnabled = loginWays.includes('google') && googleClientId.trim() !== ''

  function toLogin(email?: string) {
    setForm((current) => ({ email: email ?? current.email, password: '', confirm: '' }))
    setIsRegister(false)
    setPanel('login_register')
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
      {...handlers}
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
