import { expect } from 'vitest';
import type { AuthResponse } from '@wyn/contract';
import type { TestApp } from '../../../test/create-test-app.ts';

/** Shared steps for the auth tests (not a test file itself). */
export const BOT = '/api/v1/bot';

export async function post(t: TestApp, path: string, payload: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `${BOT}/${path}`,
    payload: payload as Record<string, unknown>,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

export async function get(t: TestApp, path: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `${BOT}/${path}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

export type NewMember = {
  username?: string;
  email?: string;
  phone_number?: string;
  password?: string;
  first_name?: string;
};

/** Registers with an e-mail, reads the code from the SMTP sink and verifies: a signed-in member. */
export async function registerAndVerify(t: TestApp, member: NewMember & { email: string }): Promise<AuthResponse> {
  const res = await post(t, 'register/', { password: 'correct horse battery', ...member });
  expect(res.statusCode, res.body).toBe(201);
  const otp = await t.mail.codeFor(member.email);
  const verified = await post(t, 'otp-verify/', { identifier: member.email, otp });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json() as AuthResponse;
}
