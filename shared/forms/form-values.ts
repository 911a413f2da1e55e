import type { FormItem } from '../content-types.ts'

/** What a form sends to `/v1/feedback/submit` (API.md): one string per field, a list for checkboxes with choices. */
export type FormValues = Record<string, string | string[]>

/**
 * Field name of the form id in a posted form (the no-JavaScript path reads it back). The colon
 * keeps it apart from every configured field name (letters, digits, `_`, `.`, `-`).
 */
export const FORM_ID_FIELD = 'form:id'

/** The items that take a value ('text' items only show their label). */
export function answerableItems(items: readonly FormItem[]): FormItem[] {
  return items.filter((item) => item.type !== 'text')
}

/** Whether a checkbox item is a list of choices (a list value) rather than one box (`'1'` or `''`). */
export function isChoiceList(item: FormItem): boolean {
  return item.type === 'checkbox' && (item.options?.length ?? 0) > 0
}

/**
 * The values of a submitted form, read field by field through `read` (all entries of that name,
 * files already turned into their names). Only the form's own fields are kept, so nothing a
 * visitor adds to the request reaches the upstream.
 */
export function toFormValues(items: readonly FormItem[], read: (field: string) => string[]): FormValues {
  const values: FormValues = {}
  for (const item of answerableItems(items)) {
    const entries = read(item.field)
    if (isChoiceList(item)) values[item.field] = entries.filter((entry) => entry !== '')
    else if (item.type === 'checkbox') values[item.field] = entries.length > 0 && entries[0] !== '' ? '1' : ''
    else values[item.field] = entries[0] ?? ''
  }
  return values
}
