import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';
import { referralCodeField } from './referrals.ts';

const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const usernameField = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may contain only letters, digits, dots and underscores');
export const emailField = z.email('Enter a valid email address').max(254);
export const phoneField = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number')
  .transform((v) => v.replace(/[ ()-]/g, ''));
export const passwordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(LIMITS.passwordMin, MSG.passwordTooShort)
  .max(256);

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const registerRequest = z
  .object({
    username: z.preprocess(emptyToUndefined, usernameField.optional()),
    email: z.preprocess(emptyToUndefined, emailField.optional()),
    phone_number: z.preprocess(emptyToUndefined, phoneField.optional()),
    password: passwordField,
    first_name: optionalTrimmed(LIMITS.nameMax),
    last_name: optionalTrimmed(LIMITS.nameMax),
    /** The inviting member's code from an `r_<code>` link (issue #16 item 8); one that does not apply is ignored. */
    referral_code: referralCodeField,
  })
  .refine((v) => v.username || v.email || v.phone_number, {
    message: MSG.registerNeedIdentifier,
    path: ['non_field_errors'],
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const registerResponse = z.object({
  detail: z.string(),
  identifier: z.string(),
  delivery: z.enum(['email', 'log']),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const otpVerifyRequest = z.object({
  identifier: z.string({ error: MSG.verifyFillAll }).trim().min(1, MSG.verifyFillAll),
  otp: z
    .string({ error: MSG.verifyFillAll })
    .trim()
    .min(1, MSG.verifyFillAll)
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
export const otpResendRequest = z.object({ identifier: z.string().trim().min(1, MSG.verifyFillAll) });

export const loginRequest = z.object({
  identifier: z
    .string({ error: 'Username, email or phone is required' })
    .trim()
    .min(1, 'Username, email or phone is required'),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256),
});

export const telegramUserInfo = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform((v) => String(v)),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  photo_url: z.string().optional(),
  auth_date: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform((v) => Number(v)),
  hash: z.string().regex(/^[0-9a-f]{64}$/i, MSG.invalidTelegramData),
});
export type TelegramUserInfo = z.input<typeof telegramUserInfo>;

/**
 * Mini App clients send `initData` together with `initDataUnsafe.user` as `telegram_user_info` (no hash,
 * no auth_date). When initData is present it is the only source of truth, so telegram_user_info is
 * dropped before validation: never trusted, never checked as login-widget data.
 */
const dropUserInfoBesideInitData = (v: unknown) =>
  v &&
  typeof v === 'object' &&
  typeof (v as { initData?: unknown }).initData === 'string' &&
  (v as { initData: string }).initData !== ''
    ? { ...v, telegram_user_info: undefined }
    : v;

export const telegramAuthRequest = z.preprocess(
  dropUserInfoBesideInitData,
  z
    .object({
      initData: z.string().max(8192).optional().nullable(),
      telegram_user_info: telegramUserInfo.optional().nullable(),
      /** Login widget only (Mini App sign-in reads the signed `start_param`): the inviting member's code. */
      referral_code: referralCodeField,
    })
    .refine((v) => v.initData || v.telegram_user_info, { message: MSG.noTelegramData, path: ['non_field_errors'] }),
);

export const user = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  tg_username: z.string().nullable(),
  telegram_id: z.string().nullable(),
  telegram_photo_url: z.string().nullable(),
  is_verified: z.boolean(),
  is_staff: z.boolean(),
  date_joined: z.string(),
});
export type User = z.infer<typeof user>;

export const authResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  access_expires_at: z.string(),
  user,
  created: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const refreshRequest = z.object({ refresh: z.string().min(1) });
export const refreshResponse = z.object({ access: z.string(), refresh: z.string(), access_expires_at: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutRequest = z.object({ refresh: z.string().optional() });

export const updateUserRequest = z
  .object({
    username: usernameField.optional(),
    email: emailField.optional(),
    phone_number: phoneField.optional(),
    first_name: z.string().trim().max(LIMITS.nameMax).optional(),
    last_name: z.string().trim().max(LIMITS.nameMax).optional(),
    /** Link a Telegram account: Mini App launch data or login-widget data, checked like sign-in. */
    initData: z.string().max(8192).optional(),
    telegram_user_info: telegramUserInfo.optional(),
  })
  .strict();
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

/** Error codes specific to sign-in, in addition to the shared `ErrorCode` list. */
export const AuthErrorCode = {
  identifierTaken: 'identifier_taken',
  alreadyVerified: 'already_verified',
  deliveryFailed: 'delivery_failed',
  telegramExpired: 'telegram_expired',
  telegramTaken: 'telegram_taken',
  accountDisabled: 'account_disabled',
  registrationPending: 'registration_pending',
} as const;

/** POST password-reset/: the same answer whether or not the identifier belongs to an account. */
export const passwordResetRequest = z.object({
  identifier: z.string({ error: MSG.verifyFillAll }).trim().min(1, MSG.verifyFillAll).max(254),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;
export const passwordResetConfirmRequest = z.object({
  identifier: z.string({ error: MSG.verifyFillAll }).trim().min(1, MSG.verifyFillAll).max(254),
  otp: z
    .string({ error: MSG.verifyFillAll })
    .trim()
    .min(1, MSG.verifyFillAll)
    .regex(/^\d{6}$/, 'The code has 6 digits'),
  new_password: passwordField,
});
export type PasswordResetConfirmRequest = z.input<typeof passwordResetConfirmRequest>;
export const passwordResetResponse = z.object({ detail: z.string() });
export type PasswordResetResponse = z.infer<typeof passwordResetResponse>;

/** POST otp-resend/: the same neutral answer whether or not the identifier belongs to an account. */
export const otpResendResponse = z.object({ detail: z.string() });
export const logoutResponse = z.object({ detail: z.string() });

/**
 * A new e-mail or phone in update-user is not applied: a code goes to the new address and
 * `pending_email`/`pending_phone` name where (null when this request started no such change). Other
 * fields in the same request apply at once.
 */
export const updateUserResponse = z.object({
  detail: z.string(),
  user,
  pending_email: z.string().nullable(),
  pending_phone: z.string().nullable(),
});
export type UpdateUserResponse = z.infer<typeof updateUserResponse>;

/** POST update-user/confirm/: the code sent to the new address applies that pending change. */
export const identifierChangeFields = ['email', 'phone_number'] as const;
export type IdentifierChangeField = (typeof identifierChangeFields)[number];
export const updateUserConfirmRequest = z.object({
  field: z.enum(identifierChangeFields),
  otp: z
    .string({ error: MSG.verifyFillAll })
    .trim()
    .min(1, MSG.verifyFillAll)
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
export type UpdateUserConfirmRequest = z.input<typeof updateUserConfirmRequest>;
export const updateUserConfirmResponse = z.object({ detail: z.string(), user });
export type UpdateUserConfirmResponse = z.infer<typeof updateUserConfirmResponse>;

/** GET bot/config/: public settings the sign-in screens need. The bot token never appears here. */
export const publicConfigResponse = z.object({
  product_name: z.string(),
  telegram_bot_username: z.string().nullable(),
  telegram_bot_id: z.number().int().nullable(),
  welcome_bonus: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
