import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@wyn/contract';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { completeSignIn } from '../lib/complete-sign-in';

export interface VerifyOtpInput {
  identifier: string;
  otp: string;
}

/** POST bot/otp-verify/ → AuthResponse. */
export function verifyOtp(input: VerifyOtpInput): Promise<AuthResponse> {
  return api.post<AuthResponse>(apiPaths.otpVerify, input, { toast: false });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp, onSuccess: completeSignIn });
}
