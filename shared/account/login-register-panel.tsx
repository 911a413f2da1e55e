import type { Dispatch, FormEvent, SetStateAction } from 'react'
import { notify } from '../feedback/notify.ts'
import { startLoading } from '../feedback/loading.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { loginOutcome } from './account-outcomes.ts'
import { checkLogin, checkRegister } from './account-rules.ts'
import { accountApi } from './account-api.ts'
import { useFieldError } from './field-errors.ts'
import { LabelledInput } from './labelled-input.tsx'
import { GoogleSignIn } from './google-sign-in.tsx'
import type { AccountForm } from './login-modal.tsx'
import { saveStoredUser } from './stored-user.ts'
import type { CodeSender } from './use-code-sender.ts'

export interface LoginRegisterPanelProps {
  emailEnabled: boolean
  /** Set when Google sign-in is on for this site or page. */
  googleClientId: string | null
  isRegister: boolean
  onToggle: () => void
  form: AccountForm
  setForm: Dispatch<SetStateAction<AccountForm>>
  sender: CodeSender
  onVerify: () => void
  onForgot: () => void
}

/** The login_register panel: the login form, or the register form (isRegister), and Google sign-in. */
export function LoginRegisterPanel(props: LoginRegisterPanelProps) {
  const { emailEnabled, googleClientId, isRegister, form, setForm, sender } = props
  const { t } = useI18n()
  const errors = useFieldError()
  const message = (field: Parameters<typeof errors.of>[0]) => {
    const key = errors.of(field)
    return key ? t(key) : undefined
  }
  const update = (field: keyof AccountForm) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value
    setForm((current) => ({ ...current, [field]: value }))
  }

  async function login() {
    const error = checkLogin(form)
    errors.show(error)
    if (error) return
    const stop = startLoading()
    const answer = await accountApi.login(form.email, form.password)
    const outcome = loginOutcome(answer)
    if (outcome.kind === 'signed-in' && saveStoredUser(answer?.data) !== null) {
      window.location.reload() // SPEC §4; the overlay stays up until the page goes
      return
    }
    stop()
    if (outcome.kind === 'field') errors.show({ field: outcome.field, key: outcome.key })
    else notify.error(t(outcome.kind === 'toast' ? outcome.key : 'loginFailed'))
  }

  async function register() {
    const error = checkRegister(form)
    errors.show(error)
    if (error) return
    // A code already on its way to this address: go straight to the boxes instead of asking again.
    if (sender.phase === 'counting' && sender.sentTo === form.email.trim().toLowerCase()) {
      props.onVerify()
      return
    }
    if (await sender.send(form.email)) props.onVerify()
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void (isRegister ? register() : login())
  }

  return (
    <div className="account-panel">
      {emailEnabled ? (
        <form className="account-form" noValidate onSubmit={onSubmit}>
          <LabelledInput
            label={t('email')}
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            value={form.email}
            onChange={update('email')}
            error={message('email')}
            inputRef={errors.ref('email')}
          />
          <LabelledInput
            label={t('password')}
            type="password"
            name="password"
            autoComplete={isRegister ? 'new-password' : 'current-password'}
            value={form.password}
            onChange={update('password')}
            error={message('password')}
            inputRef={errors.ref('password')}
          />
          {isRegister ? (
            <LabelledInput
              label={t('confirmPassword')}
              type="password"
              name="confirm"
              autoComplete="new-password"
              value={form.confirm}
              onChange={update('confirm')}
              error={message('confirm')}
              inputRef={errors.ref('confirm')}
            />
          ) : null}
          <button type="submit" className="button account-submit" disabled={isRegister && sender.phase === 'sending'}>
            {isRegister ? (sender.phase === 'sending' ? t('sendingCode') : t('register')) : t('login')}
          </button>
          <div className="account-links">
            {isRegister ? null : (
              <button type="button" className="account-link" onClick={props.onForgot}>
                {t('forgotPassword')}
              </button>
            )}
            <button
              type="button"
              className="account-link"
              onClick={() => {
                errors.show(null)
                props.onToggle()
              }}
            >
              {isRegister ? t('haveAccountLogin') : t('noAccountRegister')}
            </button>
          </div>
        </form>
      ) : null}
      {emailEnabled && googleClientId ? (
        <p className="account-divider">
          <span>{t('or')}</span>
        </p>
      ) : null}
      {googleClientId ? <GoogleSignIn clientId={googleClientId} /> : null}
    </div>
  )
}
