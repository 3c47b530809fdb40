import { MSG, type TelegramUserInfo } from '@wyn/contract';

export const TELEGRAM_OAUTH_URL = 'https://oauth.telegram.org/auth';

/** The provider's login page: bot id, origin, return address and a request for write access. */
export function buildTelegramOAuthUrl({
  botId,
  origin,
  returnTo,
}: {
  botId: string | number;
  origin: string;
  returnTo: string;
}): string {
  const params = new URLSearchParams({
    bot_id: String(botId),
    origin,
    return_to: returnTo,
    request_access: 'write',
  });
  return `${TELEGRAM_OAUTH_URL}?${params.toString()}`;
}

export type TelegramLoginResult = { ok: true; data: TelegramUserInfo } | { ok: false; error: string };

const FIELDS = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;

function decodeBase64Json(value: string): unknown {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64.padEnd(Math.ceil(b64.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

function toUserInfo(raw: Record<string, unknown>): TelegramLoginResult {
  const id = raw.id;
  if (id === undefined || id === null || id === '') return { ok: false, error: MSG.invalidTelegramData };
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const v = raw[key];
    if (v !== undefined && v !== null && v !== '') out[key] = v;
  }
  if (typeof out.auth_date === 'string' && /^\d+$/.test(out.auth_date)) out.auth_date = Number(out.auth_date);
  return { ok: true, data: out as unknown as TelegramUserInfo };
}

/**
 * Reads a Telegram login result from the URL: the fragment `#tgAuthResult=<base64 JSON>`, or the query
 * parameters id, hash, auth_date, first_name, last_name, username, photo_url. Null when there is none.
 */
export function parseTelegramLoginResult(hash: string, search: string): TelegramLoginResult | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const encoded = fragment.get('tgAuthResult');
  if (encoded !== null) {
    let decoded: unknown;
    try {
      decoded = decodeBase64Json(encoded);
    } catch {
      return { ok: false, error: MSG.authDataProcessingFailed };
    }
    if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded))
      return { ok: false, error: MSG.telegramAuthFailed };
    return toUserInfo(decoded as Record<string, unknown>);
  }
  const query = new URLSearchParams(search);
  if (query.has('hash') && (query.has('id') || query.has('auth_date'))) {
    const raw: Record<string, unknown> = {};
    for (const key of FIELDS) {
      const v = query.get(key);
      if (v !== null) raw[key] = v;
    }
    return toUserInfo(raw);
  }
  return null;
}

/** The query string without the Telegram login parameters ("" or "?a=b"), to clean the address bar. */
export function stripTelegramLoginParams(search: string): string {
  const query = new URLSearchParams(search);
  for (const key of FIELDS) query.delete(key);
  const qs = query.toString();
  return qs ? `?${qs}` : '';
}
