import { useEffect, useReducer, useRef, useState } from 'react'
import { notify } from '../feedback/notify.ts'
import { useI18n } from '../i18n/i18n-context.tsx'
import { sendCodeOutcome } from './account-outcomes.ts'
import { IDLE, nextCodeSender, secondsLeft, type CodeSenderState } from '../rules/code-sender.ts'
import { accountApi } from './account-api.ts'

export interface CodeSender {
  phase: CodeSenderState['phase']
  /** Seconds before another code may be asked for. */
  seconds: number
  /** The address the last code went to. */
  sentTo: string | null
  /**
   * Asks for a code; answers whether it was sent. Does nothing while a code is being sent, or while
   * the countdown of this same address runs (another address may have its code at once).
   */
  send(email: string): Promise<boolean>
}

/** The code sender of one form (SPEC §4): idle → sending → 60 s countdown → idle, with its toasts (SPEC §8). */
export function useCodeSender(codeType: 0 | 1): CodeSender {
  const { t } = useI18n()
  const [state, dispatch] = useReducer(nextCodeSender, IDLE)
  const [now, setNow] = useState(0)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const phase = useRef(state.phase)
  phase.current = state.phase
  const sentToRef = useRef(sentTo)
  sentToRef.current = sentTo

  useEffect(() => {
    if (state.phase !== 'counting') return
    const timer = setInterval(() => {
      const time = Date.now()
      setNow(time)
      dispatch({ type: 'tick', now: time })
    }, 250)
    return () => clearInterval(timer)
  }, [state.phase])

  async function send(email: string): Promise<boolean> {
    const address = email.trim().toLowerCase()
    if (phase.current === 'sending') return false
    if (phase.current === 'counting') {
      if (sentToRef.current === address) return false
      dispatch({ type: 'cancel' })
    }
    phase.current = 'sending'
    dispatch({ type: 'send' })
    const outcome = sendCodeOutcome(await accountApi.sendCode(email, codeType))
    if (outcome.kind === 'sent') {
      const time = Date.now()
      setNow(time)
      dispatch({ type: 'sent', now: time })
      setSentTo(address)
      notify.success(t('codeSent'))
      return true
    }
    dispatch({ type: 'failed' })
    notify.error(outcome.text ?? t(outcome.key))
    return false
  }

  return { phase: state.phase, seconds: secondsLeft(state, now), sentTo, send }
}
