import { MSG } from '@wyn/contract';
import { ApiError } from '@/lib/api-error';

/** The message for a failed Telegram sign-in: the server's reason for a 4xx, else the generic sentence. */
export function telegramErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind !== 'http') return error.message;
    if (error.status >= 500) return MSG.telegramAuthFailed;
    return error.message || MSG.telegramAuthFailed;
  }
  return MSG.telegramAuthFailed;
}
