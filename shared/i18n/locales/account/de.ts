import type { AccountMessages } from '../en.ts'

/** The sign-in dialog's strings (loaded with the dialog, not with the page). */
const de: AccountMessages = {
  register: 'Registrieren',
  password: 'Passwort',
  confirmPassword: 'Passwort bestätigen',
  newPassword: 'Neues Passwort',
  verificationCode: 'Bestätigungscode',
  sendCode: 'Code senden',
  resendIn: 'Erneut senden in {{seconds}} s',
  forgotPassword: 'Passwort vergessen?',
  resetPassword: 'Passwort zurücksetzen',
  noAccountRegister: 'Noch kein Konto? Registrieren',
  haveAccountLogin: 'Bereits ein Konto? Anmelden',
  enterCodeSentTo: 'Geben Sie den 6-stelligen Code ein, der an {{email}} gesendet wurde',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  passwordInvalid:
    'Das Passwort muss 8 bis 15 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten.',
  confirmPasswordErrorTips: 'Die Passwörter stimmen nicht überein.',
  pleaseGetTheCaptchaFirst: 'Bitte fordern Sie zuerst einen Bestätigungscode an.',
  pleaseEnterTheCaptcha: 'Bitte geben Sie den Bestätigungscode ein.',
  pleaseEnterTheNewPassword: 'Bitte geben Sie das neue Passwort ein.',
  pleaseConfirmThePassword: 'Bitte bestätigen Sie das Passwort.',
  pleaseEnterTheFullVerificationCode: 'Bitte geben Sie den vollständigen Bestätigungscode ein.',
  loginFailedPleaseRegister: 'Zu dieser E-Mail-Adresse gibt es kein Konto. Bitte registrieren Sie sich zuerst.',
  loginFailedWarnLoginInfo: 'E-Mail-Adresse oder Passwort ist falsch.',
  loginFailed: 'Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.',
  tooManyAttempts: 'Zu viele Versuche. Bitte warten Sie eine Weile und versuchen Sie es dann erneut.',
  registerAlreadySingInNow: 'Diese E-Mail-Adresse ist bereits registriert. Bitte melden Sie sich an.',
  registerFailedPleaseTryAgainLater: 'Registrierung fehlgeschlagen. Bitte versuchen Sie es später erneut.',
  registerSuccessfullyPleaseSignInNow: 'Ihr Konto wurde erstellt. Bitte melden Sie sich an.',
  sendFailConnectWebmaster: 'Der Code konnte nicht gesendet werden. Bitte wenden Sie sich an den Webmaster.',
  codeSent: 'Ein Bestätigungscode wurde an Ihre E-Mail-Adresse gesendet.',
  pwdUpdateSucSignInNow: 'Ihr Passwort wurde geändert. Bitte melden Sie sich an.',
  pwdUpdateFail: 'Das Passwort konnte nicht geändert werden.',
  googleLoadingFailed: 'Die Google-Anmeldung konnte nicht geladen werden.',
  sendingCode: 'Wird gesendet…',
  googleLoading: 'Google-Anmeldung wird geladen…',
  or: 'oder',
  codeDigit: 'Ziffer {{index}} von {{count}}',
}

export default de
