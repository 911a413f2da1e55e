import type { FormItem } from '../content-types.ts'
import { answerableItems, isChoiceList, type FormValues } from './form-values.ts'

/** One problem with one field; the form shows it next to the field. */
export type FieldProblem =
  | { field: string; problem: 'required' }
  | { field: string; problem: 'tooLong'; max: number }
  | { field: string; problem: 'invalidChoice' }

/** Length as the visitor counts it: characters, not UTF-16 units (an emoji is one). */
function characters(text: string): number {
  return [...text].length
}

/**
 * Checks values against the form's items before they are sent (and again on the server for
 * forms posted without JavaScript): required fields filled in, no value longer than `max_length`,
 * choices only from the offered options. At most one problem per field, in form order.
 */
export function validateFormValues(items: readonly FormItem[], values: FormValues): FieldProblem[] {
  return answerableItems(items).flatMap((item) => {
    const problem = problemOf(item, values[item.field])
    return problem === null ? [] : [problem]
  })
}

/** The one problem of one field's value, or null: required first, then choices, then length. */
function problemOf(item: FormItem, value: FormValues[string] | undefined): FieldProblem | null {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value]
  const filled = list.filter((entry) => entry.trim() !== '')
  if (filled.length === 0) return item.required === 1 ? { field: item.field, problem: 'required' } : null
  if (item.type === 'select' || isChoiceList(item)) {
    const allowed = new Set((item.options ?? []).map((option) => option.value))
    if (filled.some((entry) => !allowed.has(entry))) return { field: item.field, problem: 'invalidChoice' }
  }
  const max = item.max_length
  if (max !== undefined && filled.some((entry) => characters(entry) > max))
    return { field: item.field, problem: 'tooLong', max }
  return null
}
