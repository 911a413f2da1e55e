import { describe, expect, it } from 'vitest'
import type { FormItem } from '../../../shared/content-types.ts'
import { validateForm, type FormValues } from './form-validation.ts'

const items: FormItem[] = [
  { type: 'text', field: 'note', label: 'Read this first' },
  { type: 'input', field: 'email', label: 'E-mail', required: 1 },
  {
    type: 'select',
    field: 'plan',
    label: 'Plan',
    options: [
      { label: 'Free', value: 'free' },
      { label: 'Plus', value: 'plus' },
    ],
  },
  {
    type: 'checkbox',
    field: 'topics',
    label: 'Topics',
    required: 1,
    options: [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
    ],
  },
  { type: 'textarea', field: 'text', label: 'Text', max_length: 5 },
]

describe('validateForm', () => {
  it.each<[FormValues, string | null]>([
    [{ email: 'a@b.co', topics: ['a'] }, null],
    [{ email: 'a@b.co', topics: ['a', 'b'], plan: 'plus', text: '12345' }, null],
    [{ topics: ['a'] }, 'E-mail is required'],
    [{ email: 'a@b.co', topics: [] }, 'Topics is required'],
    [{ email: 'nope', topics: ['a'] }, 'E-mail is not a valid e-mail address'],
    [{ email: 'a@b.co', topics: ['c'] }, 'Topics: "c" is not one of the choices'],
    [{ email: 'a@b.co', topics: ['a'], plan: 'gold' }, 'Plan: "gold" is not one of the choices'],
    [{ email: 'a@b.co', topics: ['a'], text: '123456' }, 'Text is longer than 5 characters'],
    [{ email: ['a@b.co', 'c@d.co'], topics: ['a'] }, 'E-mail: expected one value'],
    [{ email: 'a@b.co', topics: ['a'], note: 'x' }, 'unknown field: note'],
  ])('%j → %s', (values, expected) => {
    expect(validateForm(items, values)).toBe(expected)
  })
})
