import { describe, expect, it } from 'vitest'
import { IDLE, nextCodeSender, secondsLeft, type CodeSenderEvent, type CodeSenderState } from './code-sender.ts'

const T = 1_000_000
const counting: CodeSenderState = { phase: 'counting', until: T + 60_000 }

describe('code sender transitions', () => {
  it.each<[CodeSenderState, CodeSenderEvent, CodeSenderState]>([
    [IDLE, { type: 'send' }, { phase: 'sending' }],
    [{ phase: 'sending' }, { type: 'send' }, { phase: 'sending' }],
    [counting, { type: 'send' }, counting],
    [{ phase: 'sending' }, { type: 'sent', now: T }, counting],
    [{ phase: 'sending' }, { type: 'failed' }, IDLE],
    [IDLE, { type: 'sent', now: T }, IDLE],
    [counting, { type: 'failed' }, counting],
    [counting, { type: 'tick', now: T + 59_999 }, counting],
    [counting, { type: 'tick', now: T + 60_000 }, IDLE],
    [IDLE, { type: 'tick', now: T }, IDLE],
    [counting, { type: 'cancel' }, IDLE],
    [{ phase: 'sending' }, { type: 'cancel' }, { phase: 'sending' }],
    [IDLE, { type: 'cancel' }, IDLE],
  ])('%j + %j → %j', (state, event, expected) => {
    expect(nextCodeSender(state, event)).toEqual(expected)
  })
})

describe('seconds left', () => {
  it.each([
    [counting, T, 60],
    [counting, T + 1, 60],
    [counting, T + 59_001, 1],
    [counting, T + 60_000, 0],
    [IDLE, T, 0],
    [{ phase: 'sending' } as CodeSenderState, T, 0],
  ])('%j at %i → %i', (state, now, expected) => {
    expect(secondsLeft(state, now)).toBe(expected)
  })
})
