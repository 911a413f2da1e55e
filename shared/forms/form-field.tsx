import type { FormItem } from '../content-types.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import type { FormValues } from './form-values.ts'

export interface FormFieldProps {
  item: FormItem
  id: string
  /** What the visitor sent last time (a form posted without JavaScript that came back with problems). */
  value: FormValues[string] | undefined
  /** The problem with this field, already in words. */
  error: string | null
}

/** One form item as a labelled control (SPEC §3 form item types); a 'text' item is a note. */
export function FormField({ item, id, value, error }: FormFieldProps) {
  const required = item.required === 1
  const errorId = `${id}-error`
  const described = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
  const label = (
    <label className="site-form__label" htmlFor={id}>
      {item.label}
      {required ? <RequiredMark /> : null}
    </label>
  )
  const message = error ? (
    <p className="site-form__error" id={errorId}>
      {error}
    </p>
  ) : null
  const text = typeof value === 'string' ? value : ''
  const common = {
    id,
    name: item.field,
    required,
    dir: 'auto',
    ...(item.placeholder ? { placeholder: item.placeholder } : {}),
    ...described,
  }
  switch (item.type) {
    case 'text':
      // A text item shows its label as a note; it takes no value.
      return <p className="site-form__note">{item.label}</p>
    case 'input':
      return (
        <div className="site-form__field">
          {label}
          <input
            type={inputTypeOf(item.field)}
            {...common}
            defaultValue={text}
            maxLength={item.max_length}
            autoComplete={autoCompleteOf(item.field)}
          />
          {message}
        </div>
      )
    case 'textarea':
      return (
        <div className="site-form__field">
          {label}
          <textarea {...common} rows={5} defaultValue={text} maxLength={item.max_length} />
          {message}
        </div>
      )
    case 'file':
    case 'image':
      return (
        <div className="site-form__field">
          {label}
          <input
            type="file"
            id={id}
            name={item.field}
            required={required}
            accept={item.type === 'image' ? 'image/*' : undefined}
            {...described}
          />
          {message}
        </div>
      )
    case 'select':
      return (
        <div className="site-form__field">
          {label}
          <select id={id} name={item.field} required={required} defaultValue={text} {...described}>
            <option value="">{item.placeholder ?? '—'}</option>
            {(item.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {message}
        </div>
      )
    case 'checkbox': {
      const options = item.options ?? []
      if (options.length === 0) {
        return (
          <div className="site-form__field">
            <div className="site-form__check">
              <input
                type="checkbox"
                id={id}
                name={item.field}
                value="1"
                required={required}
                defaultChecked={text === '1'}
                {...described}
              />
              {label}
            </div>
            {message}
          </div>
        )
      }
      const chosen = new Set(Array.isArray(value) ? value : [])
      return (
        <fieldset className="site-form__field site-form__choices" {...described}>
          <legend className="site-form__label">
            {item.label}
            {required ? <RequiredMark /> : null}
          </legend>
          {options.map((option, index) => (
            <label key={option.value} className="site-form__check">
              <input
                type="checkbox"
                id={`${id}-${index}`}
                name={item.field}
                value={option.value}
                defaultChecked={chosen.has(option.value)}
              />
              {option.label}
            </label>
          ))}
          {message}
        </fieldset>
      )
    }
  }
}

function RequiredMark() {
  const { t } = useI18n()
  return (
    <abbr className="site-form__required" title={t('required')}>
      *
    </abbr>
  )
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
