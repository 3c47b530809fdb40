import { useMutation } from '@tanstack/react-query';
import { routes } from '@wyn/contract';
import { api } from '@/lib/api-client';

/** POST bot/otp-resend/ → {detail}; 429 with Retry-After within 60 s of the last code. */
export function resendOtp(input: { identifier: string }): Promise<{ detail: string }> {
  return api.call(routes.otpResend, { body: input }, { toast: false });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
