import { useState, type FormEvent } from 'react'
import { notify } from '../feedback/notify.ts'
import { withLoading } from '../feedback/loading.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { resetOutcome } from './account-outcomes.ts'
import { CODE_LENGTH, checkEmail, checkReset, type AccountField } from './account-rules.ts'
import { accountApi } from './account-api.ts'
import { useFieldError } from './field-errors.ts'
import { LabelledInput } from './labelled-input.tsx'
import { useCodeSender } from './use-code-sender.ts'

export interface ForgetPasswordPanelProps {
  initialEmail: string
  onBack: () => void
  /** The password was changed: back to the login panel with this address. */
  onDone: (email: string) => void
}

/** The forget_password panel: e-mail with a code sender (code_type 1), the code, the new password twice. */
export function ForgetPasswordPanel({ initialEmail, onBack, onDone }: ForgetPasswordPanelProps) {
  const { t } = useI18n()
  const sender = useCodeSender(1)
  const errors = useFieldError()
  const [form, setForm] = useState({ email: initialEmail, code: '', password: '', confirm: '' })
  const codeRequested = sender.sentTo !== null && sender.sentTo === form.email.trim().toLowerCase()
  const message = (field: AccountField) => {
    const key = errors.of(field)
    return key ? t(key) : undefined
  }
  const update = (field: keyof typeof form) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value
    setForm((current) => ({ ...current, [field]: value }))
  }

  function sendCode() {
    const error = checkEmail(form.email)
    errors.show(error)
    // SPEC §5: sending a code needs a valid e-mail, otherwise a warning.
    if (error) notify.warning(t(error.key))
    else void sender.send(form.email)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const error = checkReset({ ...form, codeRequested })
    errors.show(error)
    if (error) return
    const outcome = resetOutcome(
      await withLoading(() => accountApi.updatePassword(form.email, form.code, form.password)),
    )
    if (outcome.kind === 'failed') {
      notify.error(t(outcome.key))
      return
    }
    notify.success(t(outcome.key))
    onDone(form.email.trim())
  }

  const sendLabel =
    sender.phase === 'counting' && codeRequested
      ? t('resendIn', { seconds: sender.seconds })
      : sender.phase === 'sending'
        ? t('sendingCode')
        : t('sendCode')
  return (
    <form className="account-panel account-form" noValidate onSubmit={onSubmit}>
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
        addon={
          <button
            type="button"
            className="button button--secondary account-send"
            disabled={sender.phase === 'sending' || (sender.phase === 'counting' && codeRequested)}
            onClick={sendCode}
          >
            {sendLabel}
          </button>
        }
      />
      <LabelledInput
        label={t('verificationCode')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        value={form.code}
        onChange={update('code')}
        error={message('code')}
        inputRef={errors.ref('code')}
      />
      <LabelledInput
        label={t('newPassword')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={form.password}
        onChange={update('password')}
        error={message('password')}
        inputRef={errors.ref('password')}
      />
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
      <button type="submit" className="button account-submit">
        {t('resetPassword')}
      </button>
      <div className="account-links">
        <button type="button" className="account-link" onClick={onBack}>
          {t('back')}
        </button>
      </div>
    </form>
  )
}
