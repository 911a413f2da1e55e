import type { AccountMessages } from '../en.ts'

/** The sign-in dialog's strings (loaded with the dialog, not with the page). */
const ms: AccountMessages = {
  register: 'Daftar',
  password: 'Kata laluan',
  confirmPassword: 'Sahkan kata laluan',
  newPassword: 'Kata laluan baharu',
  verificationCode: 'Kod pengesahan',
  sendCode: 'Hantar kod',
  resendIn: 'Hantar semula dalam {{seconds}} saat',
  forgotPassword: 'Lupa kata laluan?',
  resetPassword: 'Tetapkan semula kata laluan',
  noAccountRegister: 'Belum mempunyai akaun? Daftar',
  haveAccountLogin: 'Sudah mempunyai akaun? Log masuk',
  enterCodeSentTo: 'Masukkan kod 6 digit yang dihantar ke {{email}}',
  invalidEmail: 'Sila masukkan alamat e-mel yang sah.',
  passwordInvalid:
    'Kata laluan mestilah 8 hingga 15 aksara dan mengandungi sekurang-kurangnya satu huruf dan satu digit.',
  confirmPasswordErrorTips: 'Kedua-dua kata laluan tidak sepadan.',
  pleaseGetTheCaptchaFirst: 'Sila minta kod pengesahan terlebih dahulu.',
  pleaseEnterTheCaptcha: 'Sila masukkan kod pengesahan.',
  pleaseEnterTheNewPassword: 'Sila masukkan kata laluan baharu.',
  pleaseConfirmThePassword: 'Sila sahkan kata laluan.',
  pleaseEnterTheFullVerificationCode: 'Sila masukkan kod pengesahan yang lengkap.',
  loginFailedPleaseRegister: 'Tiada akaun menggunakan e-mel ini. Sila daftar terlebih dahulu.',
  loginFailedWarnLoginInfo: 'E-mel atau kata laluan salah.',
  loginFailed: 'Log masuk gagal. Sila cuba lagi.',
  tooManyAttempts: 'Terlalu banyak percubaan. Sila tunggu sebentar dan cuba lagi.',
  registerAlreadySingInNow: 'E-mel ini sudah didaftarkan. Sila log masuk.',
  registerFailedPleaseTryAgainLater: 'Pendaftaran gagal. Sila cuba lagi kemudian.',
  registerSuccessfullyPleaseSignInNow: 'Akaun anda sudah sedia. Sila log masuk.',
  sendFailConnectWebmaster: 'Kod tidak dapat dihantar. Sila hubungi pentadbir laman.',
  codeSent: 'Kod pengesahan telah dihantar ke e-mel anda.',
  pwdUpdateSucSignInNow: 'Kata laluan anda telah ditukar. Sila log masuk.',
  pwdUpdateFail: 'Kata laluan tidak dapat ditukar.',
  googleLoadingFailed: 'Log masuk Google gagal dimuatkan.',
  sendingCode: 'Menghantar…',
  googleLoading: 'Memuatkan log masuk Google…',
  or: 'atau',
  codeDigit: 'Digit {{index}} daripada {{count}}',
}

export default ms
