import { createHash, createHmac } from 'node:crypto';

/** Test-side signers, written from Telegram's documentation independently of the server's checker. */
export const TEST_BOT_TOKEN = '123456789:TEST-bot-token_for_wyn_tests';
export const TEST_BOT_USERNAME = 'wyn_test_bot';

export type TgUser = {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  language_code?: string;
};

/** Mini App initData: data-check-string of sorted key=value lines, HMAC key = HMAC_SHA256("WebAppData", token). */
export function signInitData(
  user: TgUser & { is_premium?: boolean; allows_write_to_pm?: boolean },
  opts: { botToken?: string; authDate?: number; extra?: Record<string, string> } = {},
): string {
  const params = new URLSearchParams();
  params.set('user', JSON.stringify(user));
  params.set('auth_date', String(opts.authDate ?? Math.floor(Date.now() / 1000)));
  params.set('query_id', 'AAH-test-query');
  for (const [k, v] of Object.entries(opts.extra ?? {})) params.set(k, v);
  const checkString = [...params.entries()]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData')
    .update(opts.botToken ?? TEST_BOT_TOKEN)
    .digest();
  params.set('hash', createHmac('sha256', secret).update(checkString).digest('hex'));
  return params.toString();
}

/** Login-widget data: same check string, HMAC key = SHA256(token). */
export function signLoginWidget(user: TgUser, opts: { botToken?: string; authDate?: number } = {}) {
  const data: Record<string, string | number> = { ...user, auth_date: opts.authDate ?? Math.floor(Date.now() / 1000) };
  const checkString = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('\n');
  const secret = createHash('sha256')
    .update(opts.botToken ?? TEST_BOT_TOKEN)
    .digest();
  return { ...data, hash: createHmac('sha256', secret).update(checkString).digest('hex') } as TgUser & {
    auth_date: number;
    hash: string;
  };
}
