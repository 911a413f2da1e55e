import { useId, type InputHTMLAttributes, type Ref } from 'react'

export interface LabelledInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  /** The message shown under the field; marks the input invalid. */
  error?: string | undefined
  inputRef?: Ref<HTMLInputElement>
  /** Something beside the input (e.g. the send-code button). */
  addon?: React.ReactNode
}

/** A labelled input whose error sits right under it and is announced with it (aria-invalid, aria-describedby). */
export function LabelledInput({ label, error, inputRef, addon, ...input }: LabelledInputProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={`account-field${error ? ' account-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="account-field__row">
        <input
          id={id}
          ref={inputRef}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="account-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
