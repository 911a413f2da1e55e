import { useId, useRef, useState, type FormEvent } from 'react'
import { notify } from '../feedback/notify.ts'
import { withLoading } from '../feedback/loading.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { registerOutcome } from './account-outcomes.ts'
import { checkCode } from './account-rules.ts'
import { emptyCodeBoxes } from './code-box-rules.ts'
import { accountApi } from './account-api.ts'
import { CodeBoxes } from './code-boxes.tsx'
import type { AccountForm } from './login-modal.tsx'
import type { CodeSender } from './use-code-sender.ts'

export interface RegisterVerifyPanelProps {
  form: AccountForm
  sender: CodeSender
  onBack: () => void
  /** Registered, or already registered: back to the login panel. */
  onDone: () => void
}

/** The register_verify panel: the six-box code, resend with its countdown, then the registration. */
export function RegisterVerifyPanel({ form, sender, onBack, onDone }: RegisterVerifyPanelProps) {
  const { t } = useI18n()
  const [boxes, setBoxes] = useState(emptyCodeBoxes)
  const [error, setError] = useState<string | undefined>()
  const labelId = useId()
  const errorId = useId()
  const formRef = useRef<HTMLFormElement>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = checkCode(boxes)
    setError(problem ? t(problem.key) : undefined)
    if (problem) {
      // Back to the first box still to fill, so the visitor can type on.
      const empty = [...(formRef.current?.querySelectorAll<HTMLInputElement>('.account-code__box') ?? [])].find(
        (box) => box.value.trim() === '',
      )
      empty?.focus()
      return
    }
    const outcome = registerOutcome(
      await withLoading(() => accountApi.register(form.email, form.password, boxes.join(''))),
    )
    if (outcome.kind === 'failed') {
      notify.error(t(outcome.key))
      return
    }
    if (outcome.kind === 'registered') notify.success(t(outcome.key))
    else notify.warning(t(outcome.key))
    onDone()
  }

  return (
    <form ref={formRef} className="account-panel account-form" noValidate onSubmit={onSubmit}>
      <p id={labelId}>{t('enterCodeSentTo', { email: form.email.trim() })}</p>
      <CodeBoxes
        boxes={boxes}
        onChange={(next) => {
          setBoxes(next)
          setError(undefined)
        }}
        error={error}
        errorId={errorId}
        labelId={labelId}
      />
      {error ? (
        <p id={errorId} className="account-field__error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button account-submit">
        {t('register')}
      </button>
      <div className="account-links">
        <button type="button" className="account-link" onClick={onBack}>
          {t('back')}
        </button>
        <button
          type="button"
          className="account-link"
          disabled={sender.phase !== 'idle'}
          onClick={() => void sender.send(form.email)}
        >
          {sender.phase === 'counting'
            ? t('resendIn', { seconds: sender.seconds })
            : sender.phase === 'sending'
              ? t('sendingCode')
              : t('sendCode')}
        </button>
      </div>
    </form>
  )
}
