import { useMutation } from '@tanstack/react-query';
import { routes, TIMINGS, type AuthResponse, type TelegramUserInfo } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { referralCode } from '@/lib/start-link';
import { completeSignIn } from '../lib/complete-sign-in';

export type TelegramAuthInput = { initData: string } | { telegram_user_info: TelegramUserInfo };

/**
 * POST bot/telegram-webapp-auth/ with Mini App launch data or login-widget data (20 s timeout). A kept invitation
 * code goes along for a first sign-in (inside a Mini App the server reads the signed start_param first).
 */
export function telegramAuth(input: TelegramAuthInput): Promise<AuthResponse> {
  const code = referralCode();
  return api.call(
    routes.telegramAuth,
    { body: code ? { ...input, referral_code: code } : input },
    {
      timeoutMs: TIMINGS.telegramAuthTimeoutMs,
      toast: false,
    },
  );
}

export function useTelegramAuth() {
  return useMutation({ mutationFn: telegramAuth, onSuccess: completeSignIn });
}
