import type { AuthResponse, telegramAuthRequest } from '@wyn/contract';
import type { z } from 'zod';
import { checkTelegramAuth, telegramNotConfigured } from '../../integrations/telegram-auth.ts';
import type { AppError } from '../../lib/errors.ts';
import { telegramSignIn, type AuthDeps } from './auth.service.ts';

/**
 * `POST telegram-webapp-auth/`: Mini App init data or login-widget data, checked against the bot's token, signs
 * the member in. `invalid` is the answer for a body that did not fit the schema; an unconfigured bot is a 503
 * before anything about the body is said.
 */
export async function signInWithTelegram(
  deps: AuthDeps,
  input: { body: z.output<typeof telegramAuthRequest> } | { invalid: AppError },
): Promise<AuthResponse> {
  const botToken = deps.config.telegram.botToken;
  if (!botToken) throw telegramNotConfigured();
  if ('invalid' in input) throw input.invalid;
  const identity = checkTelegramAuth(input.body, botToken, deps.now());
  return telegramSignIn(deps, identity, input.body.referral_code);
}
