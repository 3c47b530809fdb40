import type { FastifyRequest } from 'fastify';
import { ErrorCode, MSG } from '@wyn/contract';
import { endpoints } from '@wyn/contract/endpoints';
import type { AppInstance, ModuleOptions } from '../../app-types.ts';
import { authRateLimit, bodyField } from '../../lib/auth-rate-limit.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { login, register, resendOtp, verifyOtp } from './auth.service.ts';
import { signInWithTelegram } from './telegram-sign-in.service.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service.ts';
import { confirmIdentifierChange } from './email-change.service.ts';
import { endSessions, refreshSession } from './sessions.service.ts';
import { getCurrentUser, getOwnProfile, getOwnWallet, publicConfig, updateUser } from './current-user.service.ts';

/** Sign-in and session calls under /api/v1/bot/ (docs/spec/01-signin-home-create.md §7). HTTP only; the rules live in the services. */
export async function authRoutes(app: AppInstance, { deps }: ModuleOptions) {
  const limit = (name: string, identifiers?: Parameters<typeof authRateLimit>[1]['identifiers']) => ({
    preValidation: authRateLimit(app, { name, max: deps.config.rateLimitAuthMax, identifiers }),
  });

  contractRoute(
    app,
    endpoints.register,
    async (request, reply) => {
      reply.code(201);
      return register(deps, request.log, request.body);
    },
    limit('register', (b) => [bodyField(b, 'username'), bodyField(b, 'email'), bodyField(b, 'phone_number')]),
  );

  contractRoute(
    app,
    endpoints.otpVerify,
    async (request) => verifyOtp(deps, request.body.identifier, request.body.otp),
    limit('otp-verify', (b) => [bodyField(b, 'identifier')]),
  );

  contractRoute(
    app,
    endpoints.otpResend,
    async (request) => resendOtp(deps, request.log, request.body.identifier),
    limit('otp-resend', (b) => [bodyField(b, 'identifier')]),
  );

  contractRoute(
    app,
    endpoints.login,
    async (request) => login(deps, request.log, request.body.identifier, request.body.password),
    limit('login', (b) => [bodyField(b, 'identifier')]),
  );

  contractRoute(
    app,
    endpoints.passwordReset,
    async (request) => requestPasswordReset(deps, request.log, request.body.identifier),
    limit('password-reset', (b) => [bodyField(b, 'identifier')]),
  );

  contractRoute(
    app,
    endpoints.passwordResetConfirm,
    async (request) => confirmPasswordReset(deps, request.body),
    limit('password-reset-confirm', (b) => [bodyField(b, 'identifier')]),
  );

  contractRoute(
    app,
    endpoints.telegramAuth,
    async (request) =>
      signInWithTelegram(
        deps,
        request.validationError ? { invalid: telegramValidationError(request) } : { body: request.body },
      ),
    { ...limit('telegram', (b) => [telegramIdOf(b)]), attachValidation: true },
  );

  contractRoute(
    app,
    endpoints.tokenRefresh,
    async (request) => refreshSession(deps, request.body.refresh),
    limit('refresh', (b) => {
      const token = bodyField(b, 'refresh');
      return [token ? sha256(token) : undefined];
    }),
  );

  contractRoute(app, endpoints.logout, async (request) => {
    await endSessions(deps, request.auth.userId, request.body?.refresh);
    return { detail: MSG.loggedOut };
  });

  contractRoute(app, endpoints.currentUser, async (request) => getCurrentUser(deps, request.auth.userId));

  contractRoute(app, endpoints.updateUser, async (request) =>
    updateUser(deps, request.log, request.auth.userId, request.body),
  );

  contractRoute(
    app,
    endpoints.updateUserConfirm,
    async (request) => confirmIdentifierChange(deps, request.auth.userId, request.body.field, request.body.otp),
    // Per address; the code itself allows 5 attempts.
    limit('update-user-confirm'),
  );

  contractRoute(app, endpoints.botProfile, async (request) => getOwnProfile(deps, request.auth.userId));
  contractRoute(app, endpoints.botWallet, async (request) => getOwnWallet(deps, request.auth.userId));
  contractRoute(app, endpoints.publicConfig, async () => publicConfig(deps));
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
