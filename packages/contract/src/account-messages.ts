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

  // changing the e-mail or phone (issue #12 item 7): the new address is used only once its code is confirmed
  changeCodeSent: (addresses: string) => `We sent a code to ${addresses}. Enter it to confirm the change.`,
  changePhoneUndeliverable: 'We cannot send a code to a phone number right now.',
  emailUpdated: 'E-mail updated',
  phoneUpdated: 'Phone number updated',
  emailLabel: 'E-mail',
  emailNone: 'No e-mail yet',
  emailChange: 'Change',
  emailAdd: 'Add',
  emailNewLabel: 'New e-mail',
  emailSendCode: 'Send code',
  emailCodeLabel: 'Code',
  emailConfirm: 'Confirm',
  emailCancel: 'Cancel',
  emailSameAsCurrent: 'This is already your e-mail.',
} as const;
