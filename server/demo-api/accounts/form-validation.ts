import type { FormItem } from '../../../shared/content-types.ts'

export type FormValues = Record<string, string | string[]>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function isEmpty(value: string | string[] | undefined): boolean {
  if (value === undefined) return true
  return Array.isArray(value) ? value.every((v) => v.trim() === '') : value.trim() === ''
}

/**
 * Checks submitted values against the form's items and answers the first problem as a sentence, or null.
 * 'text' items only show text, so they take no value.
 */
export function validateForm(items: readonly FormItem[], values: FormValues): string | null {
  const fields = new Map(items.filter((item) => item.type !== 'text').map((item) => [item.field, item]))
  for (const field of Object.keys(values)) {
    if (!fields.has(field)) return `unknown field: ${field}`
  }
  for (const item of fields.values()) {
    const value = values[item.field]
    if (isEmpty(value)) {
      if (item.required === 1) return `${item.label} is required`
      continue
    }
    const list = Array.isArray(value) ? value : [value ?? '']
    if (item.type === 'checkbox') {
      if (!Array.isArray(value)) return `${item.label}: expected a list of choices`
    } else if (list.length !== 1) {
      return `${item.label}: expected one value`
    }
    if (item.type === 'select' || item.type === 'checkbox') {
      const allowed = new Set((item.options ?? []).map((o) => o.value))
      const wrong = list.find((v) => !allowed.has(v))
      if (wrong !== undefined) return `${item.label}: "${wrong}" is not one of the choices`
    }
    const maxLength = item.max_length
    if (maxLength !== undefined && list.some((v) => [...v].length > maxLength)) {
      return `${item.label} is longer than ${item.max_length} characters`
    }
    if (/e-?mail/i.test(item.field) && !EMAIL.test(list[0] ?? '')) return `${item.label} is not a valid e-mail address`
  }
  return null
}
