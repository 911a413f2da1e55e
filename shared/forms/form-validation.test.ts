import { describe, expect, it } from 'vitest'
import type { FormItem } from '../content-types.ts'
import { validateFormValues, type FieldProblem } from './form-validation.ts'
import { toFormValues, type FormValues } from './form-values.ts'

const ITEMS: FormItem[] = [
  { type: 'text', field: '', label: 'Tell us about you' },
  { type: 'input', field: 'name', label: 'Name', required: 1, max_length: 5 },
  { type: 'textarea', field: 'message', label: 'Message', max_length: 10 },
  {
    type: 'select',
    field: 'topic',
    label: 'Topic',
    options: [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
    ],
  },
  {
    type: 'checkbox',
    field: 'tools',
    label: 'Tools',
    required: 1,
    options: [
      { label: 'X', value: 'x' },
      { label: 'Y', value: 'y' },
    ],
  },
  { type: 'checkbox', field: 'agree', label: 'I agree', required: 1 },
  { type: 'file', field: 'attachment', label: 'Attachment' },
]
const VALID: FormValues = { name: 'Ann', message: '', topic: '', tools: ['x'], agree: '1', attachment: '' }

describe('validateFormValues', () => {
  it.each<[string, FormValues, FieldProblem[]]>([
    ['a valid form', VALID, []],
    ['a missing required input', { ...VALID, name: '' }, [{ field: 'name', problem: 'required' }]],
    ['blanks only count as missing', { ...VALID, name: '  \n' }, [{ field: 'name', problem: 'required' }]],
    [
      'a field left out of the values',
      { ...VALID, name: undefined as unknown as string },
      [{ field: 'name', problem: 'required' }],
    ],
    ['at the maximum length', { ...VALID, name: 'Annie' }, []],
    ['over the maximum length', { ...VALID, name: 'Annabel' }, [{ field: 'name', problem: 'tooLong', max: 5 }]],
    ['characters, not UTF-16 units', { ...VALID, name: '😀😀😀😀😀' }, []],
    [
      'an optional field over its length',
      { ...VALID, message: 'x'.repeat(11) },
      [{ field: 'message', problem: 'tooLong', max: 10 }],
    ],
    ['a choice that is not offered', { ...VALID, topic: 'c' }, [{ field: 'topic', problem: 'invalidChoice' }]],
    ['no box of a required choice list', { ...VALID, tools: [] }, [{ field: 'tools', problem: 'required' }]],
    ['a box that is not offered', { ...VALID, tools: ['x', 'z'] }, [{ field: 'tools', problem: 'invalidChoice' }]],
    ['an unticked required box', { ...VALID, agree: '' }, [{ field: 'agree', problem: 'required' }]],
    [
      'several problems in form order',
      { ...VALID, name: '', message: 'x'.repeat(20), agree: '' },
      [
        { field: 'name', problem: 'required' },
        { field: 'message', problem: 'tooLong', max: 10 },
        { field: 'agree', problem: 'required' },
      ],
    ],
  ])('%s', (_name, values, expected) => {
    expect(validateFormValues(ITEMS, values)).toEqual(expected)
  })
})

describe('toFormValues', () => {
  it('keeps the form fields only, lists for choice lists, one value otherwise', () => {
    const entries: Record<string, string[]> = {
      name: ['Ann', 'Bob'],
      tools: ['x', '', 'y'],
      agree: ['on'],
      attachment: ['cv.pdf'],
      injected: ['x'],
    }
    expect(toFormValues(ITEMS, (field) => entries[field] ?? [])).toEqual({
      name: 'Ann',
      message: '',
      topic: '',
      tools: ['x', 'y'],
      agree: '1',
      attachment: 'cv.pdf',
    })
  })
})
