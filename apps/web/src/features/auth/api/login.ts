import { useMutation } from '@tanstack/react-query';
import { routes, type AuthResponse } from '@wyn/contract';
import { api } from '@/lib/api-client';
import { completeSignIn } from '../lib/complete-sign-in';

export interface LoginInput {
  identifier: string;
  password: string;
}

/** POST bot/login/ — errors are shown inline by the form, so no toast. */
export function login(input: LoginInput): Promise<AuthResponse> {
  return api.call(routes.login, { body: input }, { toast: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: completeSignIn });
}
