import { useId } from 'react'
import type { LandModuleView } from '../../data/content-data.ts'
import type { FormItem } from '../../types.ts'
import { useI18n } from '../../i18n/i18n-context.tsx'

type FormModule = Extract<LandModuleView, { type: 'form' }>

/**
 * A land form with a labelled control per item. Submitting it (to /v1/feedback/submit through the
 * site) is wired by the form's own script; the form carries its id and result settings as data
 * attributes for that.
 */
export function LandForm({ module }: { module: FormModule }) {
  const { t } = useI18n()
  const idBase = useId()
  return (
    <form
      className="land-form card"
      data-form-id={module.formId}
      data-result-position={module.resultPosition === 1 ? 'popup' : 'end'}
    >
      {module.items.map((item, index) => <FormField key={`${item.field}-${index}`} item={item} id={`${idBase}-${index}`} />)}
      <div className="land-form__actions">
        <button type="submit" className="button">{module.submitText || t('submit')}</button>
      </div>
      {module.resultText ? <p className="land-form__result" role="status" hidden>{module.resultText}</p> : null}
    </form>
  )
}

function RequiredMark() {
  const { t } = useI18n()
  return <abbr className="land-form__required" title={t('required')}>*</abbr>
}

function FormField({ item, id }: { item: FormItem; id: string }) {
  const required = item.required === 1
  const label = (
    <label className="land-form__label" htmlFor={id}>
      {item.label}
      {required ? <RequiredMark /> : null}
    </label>
  )
  const common = {
    id,
    name: item.field,
    required,
    ...(item.placeholder ? { placeholder: item.placeholder } : {}),
  }
  switch (item.type) {
    case 'text':
      // A text item shows its label as a note; it takes no value.
      return <p className="land-form__note">{item.label}</p>
    case 'input':
      return (
        <div className="land-form__field">
          {label}
          <input type={inputTypeOf(item.field)} {...common} maxLength={item.max_length} autoComplete={autoCompleteOf(item.field)} />
        </div>
      )
    case 'textarea':
      return (
        <div className="land-form__field">
          {label}
          <textarea {...common} rows={4} maxLength={item.max_length} />
        </div>
      )
    case 'file':
    case 'image':
      return (
        <div className="land-form__field">
          {label}
          <input type="file" id={id} name={item.field} required={required} accept={item.type === 'image' ? 'image/*' : undefined} />
        </div>
      )
    case 'select':
      return (
        <div className="land-form__field">
          {label}
          <select id={id} name={item.field} required={required} defaultValue="">
            <option value="" disabled={required}>{item.placeholder ?? '—'}</option>
            {(item.options ?? []).map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
          </select>
        </div>
      )
    case 'checkbox': {
      const options = item.options ?? []
      if (options.length === 0) {
        return (
          <div className="land-form__field land-form__check">
            <input type="checkbox" id={id} name={item.field} value="1" required={required} />
            {label}
          </div>
        )
      }
      return (
        <fieldset className="land-form__field land-form__choices">
          <legend className="land-form__label">{item.label}{required ? <RequiredMark /> : null}</legend>
          {options.map((option, index) => (
            <label key={option.value} className="land-form__check">
              <input type="checkbox" id={`${id}-${index}`} name={item.field} value={option.value} />
              {option.label}
            </label>
          ))}
        </fieldset>
      )
    }
  }
}

function inputTypeOf(field: string): 'email' | 'tel' | 'url' | 'text' {
  if (/e-?mail/i.test(field)) return 'email'
  if (/phone|mobile|tel/i.test(field)) return 'tel'
  if (/url|website/i.test(field)) return 'url'
  return 'text'
}

function autoCompleteOf(field: string): string | undefined {
  if (/e-?mail/i.test(field)) return 'email'
  if (/phone|mobile|tel/i.test(field)) return 'tel'
  if (/^(name|full_?name|nick_?name)$/i.test(field)) return 'name'
  return undefined
}
