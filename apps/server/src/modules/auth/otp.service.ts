import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Log } from '../../lib/log.ts';
import { AuthErrorCode, ErrorCode, LIMITS, MSG } from '@wyn/contract';
import type { AppContext } from '../../app-types.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * One-time codes (docs/security.md): 6 digits from crypto.randomInt, stored as HMAC-SHA256 keyed with the
 * server secret over "<user id>:<code>" (a leaked table cannot be brute-forced offline), valid
 * 10 minutes, 5 attempts, 60 s between sends. Only the newest unconsumed code of a user is live;
 * issuing a new one retires the older ones. Times come from the app clock (`deps.now`).
 */
export type Delivery = { channel: 'email'; to: string } | { channel: 'log' };

export type OtpDeps = Pick<AppContext, 'config' | 'mailer' | 'now'>;

/**
 * What a code proves: owning the address at sign-up ('verify'), for a password reset ('reset'), or
 * owning a new address the member is changing to ('email_change', 'phone_change'; the row's target).
 */
export type CodePurpose = 'verify' | 'reset' | 'email_change' | 'phone_change';

const MAIL_PURPOSE: Record<CodePurpose, string> = {
  verify: 'verification',
  reset: 'password reset',
  email_change: 'e-mail change',
  phone_change: 'phone change',
};

/**
 * How a code can reach this account — decided before anything is written. E-mail when there is an
 * address and real mail; the server log outside production; otherwise refused (never silently dropped).
 */
export function chooseDelivery(deps: OtpDeps, account: { email: string | null | undefined }): Delivery {
  if (account.email && deps.mailer.deliversForReal) return { channel: 'email', to: account.email };
  if (!deps.config.isProduction) return { channel: 'log' };
  throw new AppError(400, ErrorCode.deliveryUnavailable, MSG.codeUndeliverable);
}

function codeHash(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

/** Seconds until another code of this purpose may be sent to this user (0 when allowed now). */
export async function secondsUntilResend(
  db: DbOrTx,
  deps: OtpDeps,
  userId: string,
  purpose: CodePurpose = 'verify',
): Promise<number> {
  const [last] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!last) return 0;
  const elapsed = (deps.now().getTime() - last.createdAt.getTime()) / 1000;
  return Math.max(0, Math.ceil(LIMITS.otpResendSeconds - elapsed));
}

/**
 * Retires the user's live codes of this purpose and stores a new one. Returns the plain code (to
 * deliver) and its row id. Purposes never share codes: a sign-up code cannot reset a password.
 */
export async function issueCode(
  tx: Tx,
  deps: OtpDeps,
  userId: string,
  channel: Delivery['channel'],
  purpose: CodePurpose = 'verify',
  target: string | null = null,
) {
  const now = deps.now();
  await tx
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
  const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
  const [row] = await tx
    .insert(otpCodes)
    .values({
      userId,
      purpose,
      codeHash: codeHash(deps.config.jwtSecret, userId, code),
      channel,
      target,
      expiresAt: new Date(now.getTime() + LIMITS.otpTtlSeconds * 1000),
      createdAt: now,
    })
    .returning({ id: otpCodes.id });
  if (!row) throw new Error('otp insert returned nothing');
  return { code, codeId: row.id };
}

/**
 * Sends a code that has been committed. If it cannot be sent, the code row is deleted (so an immediate
 * retry is not blocked by the 60 s rule) and the caller gets 503 — the code is never silently lost.
 */
export async function deliverCode(
  deps: OtpDeps & Pick<AppContext, 'database'>,
  log: Log,
  delivery: Delivery,
  issued: { code: string; codeId: string },
  identifier: string,
  purpose: CodePurpose = 'verify',
): Promise<void> {
  if (delivery.channel === 'log') {
    // Development without SMTP_URL: the code goes to the server log, at info level, on purpose.
    log.info({ identifier, code: issued.code }, `one-time code for ${identifier}: ${issued.code} (no mail configured)`);
    return;
  }
  const minutes = Math.round(LIMITS.otpTtlSeconds / 60);
  try {
    await deps.mailer.send({
      to: delivery.to,
      subject: `Your ${deps.config.productName} code`,
      text:
        `Your ${deps.config.productName} ${MAIL_PURPOSE[purpose]} code is ${issued.code}.\n\n` +
        `It is valid for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.\n`,
    });
  } catch (err) {
    log.warn({ err }, 'could not send a one-time code');
    await deps.database.db.delete(otpCodes).where(eq(otpCodes.id, issued.codeId));
    throw new AppError(503, AuthErrorCode.deliveryFailed, MSG.deliveryFailed);
  }
}

export type CodeCheck = 'ok' | 'invalid' | 'locked' | 'expired';

/**
 * Checks a code against the user's live code, under a row lock so parallel guesses cannot exceed the
 * attempt limit. A wrong code counts an attempt (the 5th wrong one locks it); a right code is consumed.
 * Returns the outcome instead of throwing so the caller's transaction commits the counted attempt.
 */
export async function checkCode(
  tx: Tx,
  deps: OtpDeps,
  userId: string,
  code: string,
  purpose: CodePurpose = 'verify',
): Promise<CodeCheck> {
  const now = deps.now();
  const [live] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1)
    .for('update');
  if (!live) return 'invalid';
  if (live.attempts >= LIMITS.otpMaxAttempts) return 'locked';
  if (live.expiresAt.getTime() <= now.getTime()) return 'expired';

  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(codeHash(deps.config.jwtSecret, userId, code), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, live.id));
    return 'ok';
  }
  const attempts = live.attempts + 1;
  await tx.update(otpCodes).set({ attempts }).where(eq(otpCodes.id, live.id));
  return attempts >= LIMITS.otpMaxAttempts ? 'locked' : 'invalid';
}

export function codeCheckError(result: Exclude<CodeCheck, 'ok'>): AppError {
  switch (result) {
    case 'locked':
      return new AppError(400, ErrorCode.otpLocked, MSG.otpLocked);
    case 'expired':
      return new AppError(400, ErrorCode.otpExpired, MSG.otpExpired);
    default:
      return new AppError(400, ErrorCode.otpInvalid, MSG.otpInvalid);
  }
}
