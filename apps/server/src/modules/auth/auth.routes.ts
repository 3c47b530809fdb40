import type { FastifyRequest } from 'fastify';
import {
  ErrorCode,
  MSG,
  authResponse,
  logoutRequest,
  logoutResponse,
  loginRequest,
  otpResendRequest,
  otpResendResponse,
  otpVerifyRequest,
  passwordResetConfirmRequest,
  passwordResetRequest,
  passwordResetResponse,
  profile,
  publicConfigResponse,
  refreshRequest,
  refreshResponse,
  registerRequest,
  registerResponse,
  telegramAuthRequest,
  updateUserConfirmRequest,
  updateUserConfirmResponse,
  updateUserRequest,
  updateUserResponse,
  user,
  wallet,
} from '@wyn/contract';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { authRateLimit, bodyField } from '../../lib/auth-rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { checkTelegramAuth, telegramNotConfigured } from '../../integrations/telegram-auth.ts';
import { login, register, resendOtp, telegramSignIn, verifyOtp } from './auth.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';
import { confirmIdentifierChange } from './email-change.service.ts';
import { endSessions, refreshSession } from './sessions.service.ts';
import { getCurrentUser, getOwnProfile, getOwnWallet, publicConfig, updateUser } from './current-user.service.ts';

/** Sign-in and session calls under /api/v1/bot/ (docs/spec/01-signin-home-create.md §7). HTTP only; the rules live in the services. */
export async function authRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const tags = ['auth'];
  const bearer = [{ bearer: [] }];
  const limit = (name: string, identifiers?: Parameters<typeof authRateLimit>[1]['identifiers']) =>
    authRateLimit(app, { name, max: deps.config.rateLimitAuthMax, identifiers });

  app.post(
    '/register/',
    {
      schema: { tags, body: registerRequest, response: { 201: registerResponse } },
      preValidation: limit('register', (b) => [
        bodyField(b, 'username'),
        bodyField(b, 'email'),
        bodyField(b, 'phone_number'),
      ]),
    },
    async (request, reply) => reply.status(201).send(await register(deps, request.log, request.body)),
  );

  app.post(
    '/otp-verify/',
    {
      schema: { tags, body: otpVerifyRequest, response: { 200: authResponse } },
      preValidation: limit('otp-verify', (b) => [bodyField(b, 'identifier')]),
    },
    async (request) => verifyOtp(deps, request.body.identifier, request.body.otp),
  );

  app.post(
    '/otp-resend/',
    {
      schema: { tags, body: otpResendRequest, response: { 200: otpResendResponse } },
      preValidation: limit('otp-resend', (b) => [bodyField(b, 'identifier')]),
    },
    async (request) => resendOtp(deps, request.log, request.body.identifier),
  );

  app.post(
    '/login/',
    {
      schema: { tags, body: loginRequest, response: { 200: authResponse } },
      preValidation: limit('login', (b) => [bodyField(b, 'identifier')]),
    },
    async (request) => login(deps, request.log, request.body.identifier, request.body.password),
  );

  app.post(
    '/password-reset/',
    {
      schema: { tags, body: passwordResetRequest, response: { 200: passwordResetResponse } },
      preValidation: limit('password-reset', (b) => [bodyField(b, 'identifier')]),
    },
    async (request) => requestPasswordReset(deps, request.log, request.body.identifier),
  );

  app.post(
    '/password-reset/confirm/',
    {
      schema: { tags, body: passwordResetConfirmRequest, response: { 200: passwordResetResponse } },
      preValidation: limit('password-reset-confirm', (b) => [bodyField(b, 'identifier')]),
    },
    async (request) => confirmPasswordReset(deps, request.body),
  );

  app.post(
    '/telegram-webapp-auth/',
    {
      schema: { tags, body: telegramAuthRequest, response: { 200: authResponse } },
      attachValidation: true,
      preValidation: limit('telegram', (b) => [telegramIdOf(b)]),
    },
    async (request) => {
      if (!deps.config.telegram.botToken) throw telegramNotConfigured();
      if (request.validationError) throw telegramValidationError(request);
      const identity = checkTelegramAuth(request.body, deps.config.telegram.botToken, deps.now());
      return telegramSignIn(deps, identity);
    },
  );

  app.post(
    '/token/refresh/',
    {
      schema: { tags, body: refreshRequest, response: { 200: refreshResponse } },
      preValidation: limit('refresh', (b) => {
        const token = bodyField(b, 'refresh');
        return [token ? sha256(token) : undefined];
      }),
    },
    async (request) => refreshSession(deps, request.body.refresh),
  );

  app.post(
    '/logout/',
    {
      schema: { tags, security: bearer, body: logoutRequest.nullish(), response: { 200: logoutResponse } },
      onRequest: app.authenticate,
    },
    async (request) => {
      await endSessions(deps, request.auth.userId, request.body?.refresh);
      return { detail: MSG.loggedOut };
    },
  );

  app.get(
    '/current-user/',
    { schema: { tags, security: bearer, response: { 200: user } }, onRequest: app.authenticate },
    async (request) => getCurrentUser(deps, request.auth.userId),
  );

  app.post(
    '/update-user/',
    {
      schema: { tags, security: bearer, body: updateUserRequest, response: { 200: updateUserResponse } },
      onRequest: app.authenticate,
    },
    async (request) => updateUser(deps, request.log, request.auth.userId, request.body),
  );

  app.post(
    '/update-user/confirm/',
    {
      schema: { tags, security: bearer, body: updateUserConfirmRequest, response: { 200: updateUserConfirmResponse } },
      onRequest: app.authenticate,
      // Per address; the code itself allows 5 attempts.
      preValidation: limit('update-user-confirm'),
    },
    async (request) => confirmIdentifierChange(deps, request.auth.userId, request.body.field, request.body.otp),
  );

  app.get(
    '/profile/',
    { schema: { tags, security: bearer, response: { 200: profile } }, onRequest: app.authenticate },
    async (request) => getOwnProfile(deps, request.auth.userId),
  );

  app.get(
    '/wallet/',
    { schema: { tags, security: bearer, response: { 200: wallet } }, onRequest: app.authenticate },
    async (request) => getOwnWallet(deps, request.auth.userId),
  );

  app.get('/config/', { schema: { tags, response: { 200: publicConfigResponse } } }, async () => publicConfig(deps));
}

/**
 * The Telegram user id in an unvalidated sign-in body (for the per-identifier rate limit): from initData
 * when present, as the sign-in itself uses only initData then.
 */
function telegramIdOf(body: unknown): string | undefined {
  const initData = bodyField(body, 'initData');
  if (initData) {
    try {
      const parsed: unknown = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null');
      const id = bodyField(parsed, 'id');
      return id ? `tg:${id}` : undefined;
    } catch {
      return undefined;
    }
  }
  const widget = body && typeof body === 'object' ? (body as Record<string, unknown>).telegram_user_info : undefined;
  const fromWidget = bodyField(widget, 'id');
  return fromWidget ? `tg:${fromWidget}` : undefined;
}

/**
 * Telegram data that does not fit the schema (no id, a malformed hash or date) is "Invalid Telegram
 * authentication data" (docs/spec/01-signin-home-create.md §5); a body with neither kind of data is "No Telegram authentication data".
 */
function telegramValidationError(request: FastifyRequest): AppError {
  const issues =
    (request.validationError as { validation?: Array<{ instancePath?: string; message?: string }> }).validation ?? [];
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field =
      (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.') || 'non_field_errors';
    (errors[field] ??= []).push(issue.message ?? MSG.invalidInput);
  }
  const aboutData = Object.keys(errors).some((k) => k.startsWith('telegram_user_info') || k.startsWith('initData'));
  const detail = aboutData ? MSG.invalidTelegramData : (errors.non_field_errors?.[0] ?? MSG.invalidTelegramData);
  return new AppError(400, ErrorCode.invalid, detail, errors);
}
