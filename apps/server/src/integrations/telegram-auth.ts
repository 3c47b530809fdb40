import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { signData } from '@telegram-apps/init-data-node';
import { z } from 'zod';
import { ErrorCode, LIMITS, MSG, AuthErrorCode } from '@wyn/contract';
import { AppError, badRequest, unauthorized, unavailable } from '../lib/errors.ts';

/**
 * The only Telegram sign-in checker (docs/security.md).
 *
 * - Mini App launch data (`initData`): the data-check-string is every received field except `hash`, as
 *   `key=value` lines sorted by key; its HMAC-SHA256 with key HMAC-SHA256("WebAppData", bot token) must
 *   equal `hash`. The HMAC comes from the maintained @telegram-apps/init-data-node (`signData`); the
 *   comparison is ours and constant-time (the package's own `validate` compares with `!==` and reads the
 *   wall clock, while we need the app clock).
 * - Login widget data: same check string over the widget's fields, HMAC key = SHA-256(bot token).
 *
 * Both require `auth_date` at most 24 h old by the app clock (`now`), and not from the future beyond a
 * small clock skew. Failures are AppErrors: 503 not configured, 401 bad signature or expired,
 * 400 data without a user id.
 */
export type TelegramIdentity = {
  id: string;
  firstName: string;
  lastName: string;
  username: string | null;
  photoUrl: string | null;
  authDate: Date;
  /** Mini App data only: the member allowed the bot to write to them (`user.allows_write_to_pm`). */
  allowsWriteToPm: boolean;
  /** Mini App data only (Telegram sends `is_premium` only when true); null: the data does not say (login widget). */
  isPremium: boolean | null;
  /** Mini App data only: the signed `start_param` of the launch (`r_<code>` is an invitation, issue #16). */
  startParam?: string | null;
};

/** Login-widget fields as the client received them from Telegram (id and auth_date may be numbers). */
export type LoginWidgetData = {
  id: string | number;
  first_name?: string | undefined;
  last_name?: string | undefined;
  username?: string | undefined;
  photo_url?: string | undefined;
  auth_date: string | number;
  hash: string;
};

const FUTURE_SKEW_SECONDS = 5 * 60;

export const telegramNotConfigured = () => unavailable(MSG.telegramNotConfigured, ErrorCode.telegramNotConfigured);
const badSignature = () => unauthorized(MSG.telegramAuthFailed, ErrorCode.telegramInvalid);
const expired = () => new AppError(401, AuthErrorCode.telegramExpired, MSG.telegramExpired);
const missingUser = () => badRequest(MSG.invalidTelegramData);

function requireToken(botToken: string | undefined): string {
  if (!botToken) throw telegramNotConfigured();
  return botToken;
}

function hexEqual(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const received = /^[0-9a-f]+$/i.test(receivedHex) ? Buffer.from(receivedHex, 'hex') : Buffer.alloc(0);
  // Compare equal-length buffers only; a wrong length is simply a wrong hash.
  if (received.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, received);
}

function checkAuthDate(raw: string | number | undefined, now: Date): Date {
  const seconds = typeof raw === 'number' ? raw : raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) throw badSignature();
  const ageSeconds = now.getTime() / 1000 - seconds;
  if (ageSeconds > LIMITS.telegramAuthMaxAgeSeconds) throw expired();
  if (ageSeconds < -FUTURE_SKEW_SECONDS) throw badSignature();
  return new Date(seconds * 1000);
}

const initDataUser = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(String),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  photo_url: z.string().optional(),
  allows_write_to_pm: z.boolean().optional(),
  is_premium: z.boolean().optional(),
});

/** Checks Mini App launch data and returns the Telegram user it vouches for. */
export function checkMiniAppInitData(initData: string, botToken: string | undefined, now: Date): TelegramIdentity {
  const token = requireToken(botToken);
  const params = new URLSearchParams(initData);
  const hash = params.get('hash');
  if (!hash) throw badSignature();
  const pairs: string[] = [];
  params.forEach((value, key) => {
    if (key !== 'hash') pairs.push(`${key}=${value}`);
  });
  pairs.sort();
  if (!hexEqual(signData(pairs.join('\n'), token), hash)) throw badSignature();
  const authDate = checkAuthDate(params.get('auth_date') ?? undefined, now);

  let rawUser: unknown;
  try {
    rawUser = JSON.parse(params.get('user') ?? 'null');
  } catch {
    throw missingUser();
  }
  const user = initDataUser.safeParse(rawUser);
  if (!user.success) throw missingUser();
  return {
    id: user.data.id,
    firstName: user.data.first_name ?? '',
    lastName: user.data.last_name ?? '',
    username: user.data.username || null,
    photoUrl: user.data.photo_url || null,
    authDate,
    allowsWriteToPm: user.data.allows_write_to_pm === true,
    isPremium: user.data.is_premium === true,
    startParam: params.get('start_param') || null,
  };
}

/** Checks login-widget data (the fields Telegram returned to the browser) and returns the user. */
export function checkLoginWidget(data: LoginWidgetData, botToken: string | undefined, now: Date): TelegramIdentity {
  const token = requireToken(botToken);
  if (data.id === undefined || data.id === null || String(data.id) === '') throw missingUser();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'hash' || value === undefined || value === null) continue;
    fields[key] = String(value);
  }
  const checkString = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHash('sha256').update(token).digest();
  const expected = createHmac('sha256', secret).update(checkString).digest('hex');
  if (!hexEqual(expected, data.hash)) throw badSignature();
  const authDate = checkAuthDate(data.auth_date, now);
  return {
    id: String(data.id),
    firstName: data.first_name ?? '',
    lastName: data.last_name ?? '',
    username: data.username || null,
    photoUrl: data.photo_url || null,
    authDate,
    // The widget asks for write access, but its data does not say whether it was granted.
    allowsWriteToPm: false,
    isPremium: null,
  };
}

/** Either kind of Telegram sign-in data, checked; Mini App data wins when both are sent. */
export function checkTelegramAuth(
  input: { initData?: string | null | undefined; telegram_user_info?: LoginWidgetData | null | undefined },
  botToken: string | undefined,
  now: Date,
): TelegramIdentity {
  requireToken(botToken);
  if (input.initData) return checkMiniAppInitData(input.initData, botToken, now);
  if (input.telegram_user_info) return checkLoginWidget(input.telegram_user_info, botToken, now);
  throw badRequest(MSG.noTelegramData);
}

/** The bot's numeric id: the part of the token before ':' (public; the token itself never is). */
export function botIdFromToken(botToken: string | undefined): number | null {
  const id = botToken ? Number(botToken.split(':')[0]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
