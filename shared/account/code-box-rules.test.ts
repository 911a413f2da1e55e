import { describe, expect, it } from 'vitest'
import { backspaceInCode, pasteIntoCode, typeIntoCode } from './code-box-rules.ts'

const boxes = (text: string) => [...text.padEnd(6, '_')].map((c) => (c === '_' ? '' : c))

describe('pasting', () => {
  it.each([
    ['123456', '123456'],
    [' 12 34 56 ', '123456'],
    ['1 2\t3\n4 5 6 7 8', '123456'],
    ['12', '12'],
    ['AB-CD9', 'AB-CD9'],
  ])('%j keeps %j, blanks removed, at most six', (text, kept) => {
    expect(pasteIntoCode(text)?.boxes).toEqual(boxes(kept))
  })

  it.each([
    ['123456', boxes('123456'), 5],
    ['12', boxes('12'), 2],
    ['12 3456 789', boxes('123456'), 5],
  ])('%j fills the boxes from the first', (text, expected, focus) => {
    expect(pasteIntoCode(text)).toEqual({ boxes: expected, focus })
  })

  it('ignores a paste of blanks only', () => {
    expect(pasteIntoCode(' \n ')).toBeNull()
  })
})

describe('typing', () => {
  it.each([
    [boxes(''), 0, '1', boxes('1'), 1],
    [boxes('12'), 2, '3', boxes('123'), 3],
    [boxes('12345'), 5, '6', boxes('123456'), 5],
    [boxes('123'), 1, '29', boxes('193'), 2], // typed after the old character
    [boxes('123'), 1, '92', boxes('193'), 2], // typed before it
    [boxes(''), 0, '654321', boxes('654321'), 5], // autofill of the whole code
    [boxes(''), 3, '9876', boxes('___987'.replace(/_/g, ' ')).map((c) => c.trim()), 5],
    [boxes('12'), 1, '', boxes('1'), 1],
    [boxes('12'), 1, ' ', boxes('1'), 1],
  ])('%j box %i ← %j', (before, index, value, after, focus) => {
    expect(typeIntoCode(before, index, value)).toEqual({ boxes: after, focus })
  })
})

describe('backspace', () => {
  it.each([
    [boxes('123'), 2, boxes('12'), 2], // clears the filled box, stays
    [boxes('12'), 2, boxes('1'), 1], // empty box: clears the previous one and moves back
    [boxes(''), 0, boxes(''), 0],
    [boxes('1'), 0, boxes(''), 0],
  ])('%j at %i', (before, index, after, focus) => {
    expect(backspaceInCode(before, index)).toEqual({ boxes: after, focus })
  })
})
