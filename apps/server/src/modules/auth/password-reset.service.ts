import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Log } from '../../lib/log.ts';
import { ACCOUNT_MSG, type PasswordResetResponse } from '@wyn/contract';
import type { AppContext } from '../../app-types.ts';
import { otpCodes, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { findUserByIdentifier } from './identifier.service.ts';
import {
  checkCode,
  chooseDelivery,
  codeCheckError,
  deliverCode,
  issueCode,
  secondsUntilResend,
  type Delivery,
} from './otp.service.ts';
import { revokeAllSessions } from './sessions.service.ts';

/**
 * Password reset by a one-time code (same rules as sign-up codes, purpose 'reset'). The request never
 * reveals whether an account exists: the same 200 and body for unknown, disabled and undeliverable
 * accounts and inside the 60 s resend wait, and the mail is sent after the answer so its delivery time
 * does not show. Confirming sets the new password, marks the account verified (the code reached its
 * address) and ends every session.
 */
export type ResetDeps = AppContext;

export async function requestPasswordReset(
  deps: ResetDeps,
  log: Log,
  identifier: string,
): Promise<PasswordResetResponse> {
  const neutral = { detail: ACCOUNT_MSG.resetCodeSent };
  const user = await findUserByIdentifier(deps.database.db, identifier);
  const delivery = user?.isActive ? deliveryFor(deps, user) : undefined;
  if (!user || !delivery) {
    // The database work of a real issue (lookup, retire, write) on a made-up user, rolled back, so the
    // answer takes about as long as for a real account.
    await deps.database.db
      .transaction(async (tx) => {
        const nobody = randomUUID();
        await secondsUntilResend(tx, deps, nobody, 'reset');
        await tx
          .update(otpCodes)
          .set({ consumedAt: deps.now() })
          .where(and(eq(otpCodes.userId, nobody), isNull(otpCodes.consumedAt)));
        await tx.execute(sql`select ${nobody}::uuid`);
        tx.rollback();
      })
      .catch(() => undefined);
    return neutral;
  }

  const issued = await deps.database.db.transaction(async (tx) => {
    if ((await secondsUntilResend(tx, deps, user.id, 'reset')) > 0) return null;
    return issueCode(tx, deps, user.id, delivery.channel, 'reset');
  });
  if (issued) {
    deliverCode(deps, log, delivery, issued, identifier, 'reset').catch((err: unknown) => {
      log.warn({ err, userId: user.id }, 'could not send a password reset code');
    });
  }
  return neutral;
}

function deliveryFor(deps: ResetDeps, user: UserRow): Delivery | undefined {
  try {
    return chooseDelivery(deps, user);
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

export async function confirmPasswordReset(
  deps: ResetDeps,
  input: { identifier: string; otp: string; new_password: string },
): Promise<PasswordResetResponse> {
  // Hashed before looking anything up: the same argon2 work whether or not the account exists.
  const passwordHash = await hashPassword(deps.config, input.new_password);
  const outcome = await deps.database.db.transaction(async (tx) => {
    const user = await findUserByIdentifier(tx, input.identifier);
    if (!user || !user.isActive) return { error: codeCheckError('invalid') };
    const result = await checkCode(tx, deps, user.id, input.otp, 'reset');
    if (result !== 'ok') return { error: codeCheckError(result) };
    const now = deps.now();
    await tx.update(users).set({ passwordHash, isVerified: true, updatedAt: now }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    return { ok: true as const };
  });
  // A wrong code's counted attempt is committed above; only then is the error thrown.
  if ('error' in outcome) throw outcome.error;
  return { detail: ACCOUNT_MSG.resetDone };
}
