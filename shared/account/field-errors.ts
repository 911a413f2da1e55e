import { useRef, useState } from 'react'
import type { AccountField, FieldError } from './account-rules.ts'

/** The one error a form shows (the first rule broken), and the inputs to focus when it appears. */
export function useFieldError() {
  const [error, setError] = useState<FieldError | null>(null)
  const inputs = useRef<Partial<Record<AccountField, HTMLInputElement | null>>>({})
  return {
    error,
    /** Shows `next` (or clears with null) and puts the cursor in its field. */
    show(next: FieldError | null) {
      setError(next)
      if (next) inputs.current[next.field]?.focus()
    },
    /** The error message key of `field`, if it is the one in error. */
    of(field: AccountField) {
      return error?.field === field ? error.key : undefined
    },
    ref(field: AccountField) {
      return (element: HTMLInputElement | null) => {
        inputs.current[field] = element
      }
    },
  }
}
