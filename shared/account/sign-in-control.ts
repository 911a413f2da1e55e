/**
 * The `data-needs-app` value of the "Sign in" button: a tap on it kept before hydration also
 * preloads what the dialog needs (server/render/first-tap-script.ts).
 */
export const SIGN_IN_CONTROL = 'sign-in'
