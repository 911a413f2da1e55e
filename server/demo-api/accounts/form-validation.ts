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
    const problem = problemOf(item, values[item.field])
    if (problem !== null) return problem
  }
  return null
}

/** The first problem with one item's value, or null; an empty value is one only when the item is required. */
function problemOf(item: FormItem, value: string | string[] | undefined): string | null {
  if (isEmpty(value)) return item.required === 1 ? `${item.label} is required` : null
  const list = Array.isArray(value) ? value : [value ?? '']
  if (item.type === 'checkbox') {
    if (!Array.isArray(value)) return `${item.label}: expected a list of choices`
  } else if (list.length !== 1) {
    return `${item.label}: expected one value`
  }
  return choiceProblem(item, list) ?? textProblem(item, list)
}

/** A value outside a choice item's options. */
function choiceProblem(item: FormItem, list: string[]): string | null {
  if (item.type !== 'select' && item.type !== 'checkbox') return null
  const allowed = new Set((item.options ?? []).map((o) => o.value))
  const wrong = list.find((v) => !allowed.has(v))
  return wrong === undefined ? null : `${item.label}: "${wrong}" is not one of the choices`
}

/** A value past the item's length, or an e-mail field that holds no address. */
function textProblem(item: FormItem, list: string[]): string | null {
  const maxLength = item.max_length
  if (maxLength !== undefined && list.some((v) => [...v].length > maxLength)) {
    return `${item.label} is longer than ${item.max_length} characters`
  }
  if (/e-?mail/i.test(item.field) && !EMAIL.test(list[0] ?? '')) return `${item.label} is not a valid e-mail address`
  return null
}
