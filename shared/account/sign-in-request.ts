/** The window event that asks the header's account control to open the sign-in dialog. */
export const SIGN_IN_REQUEST_EVENT = 'account:sign-in-request'

/**
 * Asks the visitor to sign in (e.g. after an API call answered 401): the header's account control
 * opens its dialog. Browser only (handlers and effects).
 */
export function requestSignIn(): void {
  window.dispatchEvent(new Event(SIGN_IN_REQUEST_EVENT))
}
