import { useMutation } from '@tanstack/react-query';
import { TIMINGS, type AuthResponse, type TelegramUserInfo } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { completeSignIn } from '../lib/complete-sign-in';

export type TelegramAuthInput = { initData: string } | { telegram_user_info: TelegramUserInfo };

/** POST bot/telegram-webapp-auth/ with Mini App launch data or login-widget data (20 s timeout). */
export function telegramAuth(input: TelegramAuthInput): Promise<AuthResponse> {
  return api.post<AuthResponse>(apiPaths.telegramAuth, input, {
    timeoutMs: TIMINGS.telegramAuthTimeoutMs,
    toast: false,
  });
}

export function useTelegramAuth() {
  return useMutation({ mutationFn: telegramAuth, onSuccess: completeSignIn });
}
