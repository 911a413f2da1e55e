import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useLocation } from 'react-router'
import { useSiteHref } from '../components/site-context.tsx'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { Translate } from '../i18n/translator.ts'
import type { FormItem } from '../content-types.ts'
import { useFormResult, type FormResult } from './form-result.ts'
import { FormField } from './form-field.tsx'
import type { FieldProblem } from './form-validation.ts'
import { FORM_ID_FIELD, toFormValues, type FormValues } from './form-values.ts'

export interface SiteFormProps {
  formId: string
  items: FormItem[]
  submitText?: string
  /** What a successful submission says; the generic thanks when empty. */
  resultText?: string
  /** Where the outcome shows: after the submit button, or in a pop-up (SPEC §3 form result 0 / 1). */
  resultPosition: 'end' | 'popup'
  className?: string
}

/**
 * A configured form (feedback, land `form` modules) that submits to `/v1/feedback/submit`. In the
 * browser it checks the values first and sends them through the API proxy; without JavaScript it
 * posts to the page's own address, which answers the same page with the outcome. It always
 * posts: what a visitor types never lands in a URL. On success the form is cleared; on failure
 * everything typed stays.
 */
export function SiteForm({ formId, items, submitText, resultText, resultPosition, className }: SiteFormProps) {
  const { t, ready } = useI18n()
  const idBase = useId()
  const href = useSiteHref()
  const location = useLocation()
  const serverResult = useFormResult(formId)
  const [result, setResult] = useState<FormResult | null>(serverResult)
  const [sending, setSending] = useState(false)
  const [interactive, setInteractive] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => setInteractive(true), [])
  const popup = resultPosition === 'popup' && interactive
  useEffect(() => {
    if (popup && result !== null && result.outcome !== 'invalid' && dialog.current && !dialog.current.open)
      dialog.current.showModal()
  }, [popup, result])

  const values: FormValues = result !== null && result.outcome !== 'sent' ? result.values : {}
  const problems = new Map(
    (result?.outcome === 'invalid' ? result.problems : []).map((problem) => [
      problem.field,
      problemText(problem, items, t),
    ]),
  )

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const form = event.currentTarget
    const data = new FormData(form)
    const sent = toFormValues(items, (field) =>
      data.getAll(field).map((entry) => (typeof entry === 'string' ? entry : entry.name)),
    )
    setSending(true)
    try {
      // Checking and sending load with the first submit (the form shows busy meanwhile), not with the page.
      const [{ sendForm, validateFormValues }] = await Promise.all([import('./form-submit.ts'), ready()])
      const found = validateFormValues(items, sent)
      const [first] = found
      if (first !== undefined) {
        setResult({ formId, outcome: 'invalid', values: sent, problems: found })
        focusField(form, first.field)
        return
      }
      const outcome = await sendForm(formId, sent)
      if (outcome.outcome === 'sent') form.reset()
      setResult(outcome)
    } catch {
      setResult({ formId, outcome: 'failed', values: sent, message: null })
    } finally {
      setSending(false)
    }
  }

  const outcome = result === null ? null : outcomeText(result, resultText, t)
  const hasFile = items.some((item) => item.type === 'file' || item.type === 'image')
  return (
    <form
      className={`site-form ${className ?? ''}`}
      method="post"
      action={href(location.pathname + location.search)}
      encType={hasFile ? 'multipart/form-data' : undefined}
      // Once scripts run, the form's own checks (with their messages) replace the browser's.
      noValidate={interactive}
      onSubmit={(event) => void submit(event)}
      aria-busy={sending}
    >
      <input type="hidden" name={FORM_ID_FIELD} value={formId} />
      {items.map((item, index) => (
        <FormField
          key={`${item.field}-${index}`}
          item={item}
          id={`${idBase}-${index}`}
          value={values[item.field]}
          error={problems.get(item.field) ?? null}
        />
      ))}
      <div className="site-form__actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('submitting') : submitText || t('submit')}
        </button>
      </div>
      {outcome !== null && !(popup && result?.outcome !== 'invalid') ? (
        <p
          className={`site-form__result site-form__result--${outcome.tone}`}
          role={outcome.tone === 'error' ? 'alert' : 'status'}
        >
          {outcome.text}
        </p>
      ) : null}
      {resultPosition === 'popup' ? (
        <dialog ref={dialog} className="site-form__dialog" aria-label={t('submit')}>
          <p className={`site-form__result site-form__result--${outcome?.tone ?? 'ok'}`}>{outcome?.text}</p>
          {/* biome-ignore lint/a11y/noAutofocus: autofocus is how a <dialog> names the control that gets focus when it opens */}
          <button type="button" className="button" autoFocus onClick={() => dialog.current?.close()}>
            {t('close')}
          </button>
        </dialog>
      ) : null}
    </form>
  )
}

function outcomeText(
  result: FormResult,
  resultText: string | undefined,
  t: Translate,
): { tone: 'ok' | 'error'; text: string } {
  switch (result.outcome) {
    case 'sent':
      return { tone: 'ok', text: resultText || t('submitted') }
    case 'invalid':
      return { tone: 'error', text: t('formHasProblems') }
    case 'failed':
      return { tone: 'error', text: result.message ?? t('submitFailed') }
  }
}

function problemText(problem: FieldProblem, items: FormItem[], t: Translate): string {
  const label = items.find((item) => item.field === problem.field)?.label ?? problem.field
  switch (problem.problem) {
    case 'required':
      return t('fieldRequired', { label })
    case 'tooLong':
      return t('fieldTooLong', { label, max: problem.max })
    case 'invalidChoice':
      return t('fieldInvalidChoice', { label })
  }
}

function focusField(form: HTMLFormElement, field: string) {
  const control = form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`)
  control?.focus()
}
