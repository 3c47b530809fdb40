import { useMutation } from '@tanstack/react-query';
import { routes, type AuthResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { completeSignIn } from '../lib/complete-sign-in';

export interface VerifyOtpInput {
  identifier: string;
  otp: string;
}

/** POST bot/otp-verify/ → AuthResponse. */
export function verifyOtp(input: VerifyOtpInput): Promise<AuthResponse> {
  return api.call(routes.otpVerify, { body: input }, { toast: false });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp, onSuccess: completeSignIn });
}
