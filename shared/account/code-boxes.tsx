import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { useI18n } from '../i18n/i18n-context.tsx'
import { CODE_LENGTH } from './account-rules.ts'
import { backspaceInCode, pasteIntoCode, typeIntoCode, type CodeBoxesUpdate } from './code-box-rules.ts'

export interface CodeBoxesProps {
  boxes: string[]
  onChange: (boxes: string[]) => void
  /** The error shown under the boxes. */
  error?: string | undefined
  errorId: string
  labelId: string
}

/** Six one-character boxes (SPEC §5): typing moves on, backspace moves back, paste fills them all. */
export function CodeBoxes({ boxes, onChange, error, errorId, labelId }: CodeBoxesProps) {
  const { t } = useI18n()
  const inputs = useRef<(HTMLInputElement | null)[]>([])

  function apply(update: CodeBoxesUpdate) {
    onChange(update.boxes)
    const target = inputs.current[update.focus]
    target?.focus()
    target?.select()
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault()
      apply(backspaceInCode(boxes, index))
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      // Boxes run in reading order; in right-to-left pages "left" is forward.
      const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
      const step = (event.key === 'ArrowRight') !== rtl ? 1 : -1
      const next = inputs.current[index + step]
      if (next) {
        event.preventDefault()
        next.focus()
        next.select()
      }
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    const update = pasteIntoCode(event.clipboardData.getData('text'))
    if (update) apply(update)
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> would bring its border, padding and min-inline-size into this row of boxes; role=group with its label is the same to assistive technology
    <div
      className="account-code"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      dir="ltr"
    >
      {boxes.map((value, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element
          }}
          className="account-code__box"
          value={value}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // biome-ignore lint/a11y/noAutofocus: the code step replaces the e-mail step in the sign-in dialog, and typing the code is all it asks
          autoFocus={index === 0}
          aria-label={t('codeDigit', { index: index + 1, count: CODE_LENGTH })}
          aria-invalid={error ? true : undefined}
          onChange={(event) => apply(typeIntoCode(boxes, index, event.currentTarget.value))}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </div>
  )
}
