/**
 * The six verification-code boxes (SPEC §5): one character per box, typing moves on, backspace on
 * an empty box moves back, pasting strips blanks and keeps the first six. Pure: the component
 * applies the answered boxes and moves focus to `focus`.
 */
import { CODE_LENGTH } from './account-rules.ts'

export interface CodeBoxesUpdate {
  boxes: string[]
  focus: number
}

export function emptyCodeBoxes(): string[] {
  return Array.from({ length: CODE_LENGTH }, () => '')
}

/** The characters a pasted text gives: blanks removed, at most six. */
function pastedCode(text: string): string[] {
  return [...text.replace(/\s+/g, '')].slice(0, CODE_LENGTH)
}

/** Pasting fills the boxes from the first; focus goes to the box after the last filled one (or the last). */
export function pasteIntoCode(text: string): CodeBoxesUpdate | null {
  const characters = pastedCode(text)
  if (characters.length === 0) return null
  const boxes = emptyCodeBoxes().map((_, index) => characters[index] ?? '')
  return { boxes, focus: Math.min(characters.length, CODE_LENGTH - 1) }
}

/**
 * `value` is what box `index` holds after an input event. One new character stays and focus moves
 * on; several (autofill, a paste the browser delivered as input) spread from this box onwards.
 */
export function typeIntoCode(boxes: readonly string[], index: number, value: string): CodeBoxesUpdate {
  const next = [...boxes]
  const characters = [...value.replace(/\s+/g, '')]
  if (characters.length === 0) {
    next[index] = ''
    return { boxes: next, focus: index }
  }
  // The box already held a character: the newly typed one is the one that differs (usually the last).
  const old = boxes[index] ?? ''
  const [first = '', second = ''] = characters
  const typed =
    characters.length === 2 && old !== '' && characters.includes(old) ? [first === old ? second : first] : characters
  let position = index
  for (const character of typed) {
    if (position >= CODE_LENGTH) break
    next[position] = character
    position += 1
  }
  return { boxes: next, focus: Math.min(position, CODE_LENGTH - 1) }
}

/** Backspace: clears a filled box and stays; on an empty box, clears the previous one and moves there. */
export function backspaceInCode(boxes: readonly string[], index: number): CodeBoxesUpdate {
  const next = [...boxes]
  if (next[index] !== '' || index === 0) {
    next[index] = ''
    return { boxes: next, focus: index }
  }
  next[index - 1] = ''
  return { boxes: next, focus: index - 1 }
}
