/** User-facing sentences, worded exactly as the spec gives them. Server and web share this list. */
export const MSG = {
  // registration and verification (spec 01 §5, §8)
  registerNeedIdentifier: 'Please provide at least one of: username, email, or phone number',
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  verifyFillAll: 'Please fill in all fields',
  registerSuccess: 'Registration successful! Please verify your account.',
  verifySuccess: 'Account verified successfully!',
  userUpdated: 'User details updated successfully!',
  invalidTelegramData: 'Invalid Telegram authentication data',
  telegramAuthFailed: 'Telegram authentication failed. Please try again.',
  authFailed: 'Authentication failed. Please try again.',
  authDataProcessingFailed: 'Failed to process authentication data...',
  noTelegramData: 'No Telegram authentication data available',
  authRequired: 'Authentication required. Please log in again.',

  // server-side sentences for the same flows
  invalidCredentials: 'Invalid credentials. Check your username, e-mail or phone and password.',
  notVerified: 'Please verify your account with the code we sent before signing in.',
  otpInvalid: 'The verification code is incorrect.',
  otpExpired: 'The verification code has expired. Request a new one.',
  otpLocked: 'Too many wrong codes. Request a new code.',
  otpTooSoon: 'Please wait a minute before requesting another code.',
  otpSent: 'A verification code has been sent.',
  alreadyVerified: 'This account is already verified. Please sign in.',
  usernameTaken: 'This username is already taken.',
  emailTaken: 'An account with this email already exists.',
  phoneTaken: 'An account with this phone number already exists.',
  telegramTaken: 'This Telegram account is already linked to another user.',
  telegramExpired: 'Telegram authentication data has expired. Please sign in again.',
  telegramNotConfigured: 'Telegram sign-in is not configured on this server.',
  codeUndeliverable:
    'We cannot send a verification code to this address right now. Please register with an email address.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAuthenticated: 'Authentication credentials were not provided.',
  loggedOut: 'You have been signed out.',

  // global error derivation (spec 01 §8)
  forbidden: "You don't have permission to perform this action.",
  forbiddenAccess: "Access denied. You don't have permission to perform this action.",
  notFoundInvalidId: 'The requested item could not be found. It may have been removed or you may have an invalid link.',
  notFound: 'The requested resource was not found.',
  participateFailed: 'Unable to join this quest. Please try again later.',
  serverHtmlError: 'The server encountered an error processing your request',
  defaultError: 'An error occurred',
  networkError: 'A network error occurred. Please check your connection.',
  rateLimited: 'Too many requests. Please try again later.',
  invalidJson: 'The request body is not valid JSON.',
  invalidInput: 'Invalid data provided. Please check your input.',
  bodyTooLarge: 'The request body is too large.',
  serverError: 'Something went wrong on our side. Please try again later.',
  invalidIdFormat: 'Invalid ID format',

  // generic states (spec 01 §2)
  errorTitle: 'Something went wrong',
  errorDescription: "We couldn't load the requested data. Please try again later.",
  errorAction: 'Go back',
  notFoundPage: 'Oops! Page not found',
  returnHome: 'Return to Home',

  // home (spec 01 §2)
  noQuests: 'No quests available',
  noQuestsHint: 'Explore our community or create your own quest!',
  noPerks: 'No perks available',
  noPerksHint: 'Explore our community to discover perks!',
} as const;
