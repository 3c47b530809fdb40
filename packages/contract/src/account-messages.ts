/**
 * Sentences of the pending-registration and password-reset flows (not in the spec; worded here). Kept
 * apart from auth.ts so web screens can import them without loading the zod schemas.
 */
export const ACCOUNT_MSG = {
  registrationPending:
    'An account with these details is waiting for verification. Enter the code we sent, or use "Forgot password?" to choose a new password.',
  forgotPasswordLink: 'Forgot password?',
  resetTitle: 'Reset your password',
  resetIntro: 'Enter your username, email or phone. If an account matches, we will send it a code.',
  resetCodeSent: 'If an account matches, we have sent it a code to reset the password.',
  resetDone: 'Your password has been changed. Please sign in with your new password.',
  resetSendCode: 'Send code',
  resetSubmit: 'Change password',
  newPasswordLabel: 'New password',
} as const;
