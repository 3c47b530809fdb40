import { LIMITS } from '@wyn/contract';
import { session } from '@/lib/storage';

export interface VerifyLocationState {
  identifier?: string;
  delivery?: 'email' | 'log';
}

const key = (identifier: string) => `wyn.code_sent.${identifier.trim().toLowerCase()}`;

/** Remembers when a code was sent to an identifier (for the 60 s resend wait). */
export function rememberCodeSent(identifier: string, at: number = Date.now()): void {
  session.set(key(identifier), String(at));
}

/** Seconds left before another code may be requested (0 when allowed). */
export function resendSecondsLeft(identifier: string, now: number = Date.now()): number {
  const sent = Number(session.get(key(identifier)));
  if (!Number.isFinite(sent) || sent <= 0) return 0;
  return Math.max(0, Math.ceil((sent + LIMITS.otpResendSeconds * 1000 - now) / 1000));
}
