/**
 * The verification-code sender (SPEC §4): idle → sending → a 60-second countdown after a successful
 * send → idle. A failed send goes straight back to idle; the countdown of one address does not hold up
 * a code for another (cancel). Pure, with the time passed in.
 */
const RESEND_SECONDS = 60

export type CodeSenderState = { phase: 'idle' } | { phase: 'sending' } | { phase: 'counting'; until: number }

export type CodeSenderEvent =
  | { type: 'send' }
  | { type: 'sent'; now: number }
  | { type: 'failed' }
  | { type: 'tick'; now: number }
  /** The countdown belongs to an address the visitor has since changed: a code for the new one may go now. */
  | { type: 'cancel' }

export const IDLE: CodeSenderState = { phase: 'idle' }

export function nextCodeSender(state: CodeSenderState, event: CodeSenderEvent): CodeSenderState {
  switch (event.type) {
    case 'send':
      return state.phase === 'idle' ? { phase: 'sending' } : state
    case 'sent':
      return state.phase === 'sending' ? { phase: 'counting', until: event.now + RESEND_SECONDS * 1000 } : state
    case 'failed':
      return state.phase === 'sending' ? IDLE : state
    case 'tick':
      return state.phase === 'counting' && event.now >= state.until ? IDLE : state
    case 'cancel':
      return state.phase === 'counting' ? IDLE : state
  }
}

/** Whole seconds left before another code may be asked for (0 unless counting). */
export function secondsLeft(state: CodeSenderState, now: number): number {
  return state.phase === 'counting' ? Math.max(0, Math.ceil((state.until - now) / 1000)) : 0
}
