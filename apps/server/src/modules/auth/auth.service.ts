import { eq } from 'drizzle-orm';
import type { Log } from '../../lib/log.ts';
import { type z } from 'zod';
import {
  ACCOUNT_MSG,
  AuthErrorCode,
  ErrorCode,
  LIMITS,
  MSG,
  parseStartParam,
  usernameField,
  type AuthResponse,
  type RegisterResponse,
  type registerRequest,
} from '@wyn/contract';
import type { AppContext } from '../../app-types.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { hashPassword, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { violatedUniqueIndex } from '../../lib/unique-violation.ts';
import type { TelegramIdentity } from '../../integrations/telegram-auth.ts';
import { createAccount, recordRenameIfChanged, type UserRow } from '../accounts/accounts.service.ts';
import { telegramMemberReturned } from '../bot/bot.service.ts';
import { recordReferral } from '../engagement/referrals.service.ts';
import { findUserByIdentifier, findUsersByAnyIdentifier, sameText } from './identifier.service.ts';
import {
  checkCode,
  chooseDelivery,
  codeCheckError,
  deliverCode,
  type Delivery,
  issueCode,
  secondsUntilResend,
} from './otp.service.ts';
import { startSession } from './sessions.service.ts';

/** Sign-in rules: registration with a one-time code, password login, Telegram sign-in. */
export type AuthDeps = AppContext;
export type RegisterInput = z.output<typeof registerRequest>;

const invalidCredentials = () => unauthorized(MSG.invalidCredentials, ErrorCode.invalidCredentials);
const notVerified = () => new AppError(403, ErrorCode.notVerified, MSG.notVerified);
const accountDisabled = () => new AppError(403, AuthErrorCode.accountDisabled, MSG.accountDisabled);

type IdentifierField = 'username' | 'email' | 'phone_number';
const TAKEN: Record<IdentifierField, string> = {
  username: MSG.usernameTaken,
  email: MSG.emailTaken,
  phone_number: MSG.phoneTaken,
};
const UNIQUE_INDEX_FIELD: Record<string, IdentifierField> = {
  users_username_lower_uq: 'username',
  users_email_lower_uq: 'email',
  users_phone_uq: 'phone_number',
};

/** 400 with `errors.{field}` for identifiers already in use; the detail is the first message. */
export function identifiersTaken(fields: IdentifierField[]): AppError {
  const errors: Record<string, string[]> = {};
  for (const f of fields) errors[f] = [TAKEN[f]];
  return new AppError(400, AuthErrorCode.identifierTaken, TAKEN[fields[0] ?? 'username'], errors);
}

/** Turns a unique-index violation on users (a race with another request) into the same field error. */
export function rethrowUniqueAsFieldError(err: unknown): never {
  const index = violatedUniqueIndex(err);
  const field = index ? UNIQUE_INDEX_FIELD[index] : undefined;
  if (field) throw identifiersTaken([field]);
  throw err;
}

// ---------------------------------------------------------------------------------------------- register

/**
 * Creates an unverified account (user, profile, settings, wallet, welcome bonus) and its first code in
 * one transaction, then delivers the code.
 *
 * A registration never changes a pending (unverified) account: whoever can read the code would
 * otherwise verify an account whose password someone else chose. Registering again for the same
 * pending account with the password it was registered with is answered like a resend (a new code to
 * the account's own address, or "wait a minute"). Any other overlap is refused: 409 when it is exactly
 * that pending account (its owner can set a password through a reset code), or the usual "taken" field
 * errors.
 */
export async function register(deps: AuthDeps, log: Log, input: RegisterInput): Promise<RegisterResponse> {
  const fields = {
    username: input.username ?? null,
    email: input.email?.toLowerCase() ?? null,
    phoneNumber: input.phone_number ?? null,
  };
  // An undeliverable code is refused before anything is hashed or written.
  chooseDelivery(deps, { email: fields.email });
  const passwordHash = await hashPassword(deps.config, input.password);
  const identifier = fields.email ?? fields.phoneNumber ?? fields.username ?? '';

  const pending = await pendingAccountFor(deps, fields);
  if (pending) {
    if (!pending.passwordHash || !(await verifyPassword(pending.passwordHash, input.password))) {
      throw registrationPending();
    }
    const sent = await sendCodeIfAllowed(deps, log, pending, identifier);
    if (sent.waitSeconds > 0) throw tooManyRequests(MSG.otpTooSoon, sent.waitSeconds, ErrorCode.otpTooSoon);
    return { detail: MSG.otpSent, identifier, delivery: sent.channel };
  }

  const result = await deps.database.db
    .transaction(async (tx) => {
      const matches = await findUsersByAnyIdentifier(tx, fields);
      if (matches.length) throw identifiersTaken(takenFields(fields, matches));
      const delivery = chooseDelivery(deps, { email: fields.email });
      const user = await createAccount(
        tx,
        {
          username: fields.username,
          email: fields.email,
          phoneNumber: fields.phoneNumber,
          passwordHash,
          firstName: input.first_name ?? '',
          lastName: input.last_name ?? '',
          isVerified: false,
        },
        deps.config.welcomeBonusCents,
        deps.config.productName,
      );
      // Only a new account is referred (a pending one registering again never is); a bad code is ignored.
      await recordReferral(tx, { inviteeId: user.id, code: input.referral_code, at: deps.now() });
      const issued = await issueCode(tx, deps, user.id, delivery.channel);
      return { delivery, issued };
    })
    .catch(rethrowUniqueAsFieldError);

  await deliverCode(deps, log, result.delivery, result.issued, identifier);
  return { detail: MSG.registerSuccess, identifier, delivery: result.delivery.channel };
}

type RegisterFields = { username: string | null; email: string | null; phoneNumber: string | null };

const registrationPending = () => new AppError(409, AuthErrorCode.registrationPending, ACCOUNT_MSG.registrationPending);

function takenFields(fields: RegisterFields, matches: UserRow[]): IdentifierField[] {
  const taken: IdentifierField[] = [];
  if (fields.username && matches.some((u) => sameText(u.username, fields.username))) taken.push('username');
  if (fields.email && matches.some((u) => sameText(u.email, fields.email))) taken.push('email');
  if (fields.phoneNumber && matches.some((u) => u.phoneNumber === fields.phoneNumber)) taken.push('phone_number');
  return taken;
}

/**
 * The pending account this registration names exactly: one unverified, active account holding every
 * identifier given (identifiers it lacks would be added by someone else, so they do not count as a
 * match); overlaps of any other kind are "taken" errors.
 */
async function pendingAccountFor(deps: AuthDeps, fields: RegisterFields): Promise<UserRow | undefined> {
  const matches = await findUsersByAnyIdentifier(deps.database.db, fields);
  if (!matches.length) return undefined;
  const [only] = matches;
  const exact =
    matches.length === 1 &&
    only &&
    !only.isVerified &&
    only.isActive &&
    (!fields.username || sameText(only.username, fields.username)) &&
    (!fields.email || sameText(only.email, fields.email)) &&
    (!fields.phoneNumber || only.phoneNumber === fields.phoneNumber);
  if (exact) return only;
  throw identifiersTaken(takenFields(fields, matches));
}

// ---------------------------------------------------------------------------------------------- codes

/** Checks a code; on success the account becomes verified and a session starts. */
export async function verifyOtp(deps: AuthDeps, identifier: string, otp: string): Promise<AuthResponse> {
  const outcome = await deps.database.db.transaction(async (tx) => {
    const user = await findUserByIdentifier(tx, identifier);
    if (!user || !user.isActive) return { error: codeCheckError('invalid') };
    if (user.isVerified) return { error: new AppError(400, AuthErrorCode.alreadyVerified, MSG.alreadyVerified) };
    const result = await checkCode(tx, deps, user.id, otp);
    if (result !== 'ok') return { error: codeCheckError(result) };
    const [verified] = await tx
      .update(users)
      .set({ isVerified: true, updatedAt: deps.now() })
      .where(eq(users.id, user.id))
      .returning();
    return { session: await startSession(tx, deps, verified ?? user) };
  });
  // A wrong code's counted attempt is committed above; only then is the error thrown.
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

/**
 * Sends a new code. Unknown and already-verified identifiers get the same answer as a real send, so
 * the call does not reveal which accounts exist; within 60 s of the last code it is 429 with Retry-After.
 */
export async function resendOtp(deps: AuthDeps, log: Log, identifier: string): Promise<{ detail: string }> {
  const neutral = { detail: MSG.otpSent };
  const user = await findUserByIdentifier(deps.database.db, identifier);
  if (!user || user.isVerified || !user.isActive) return neutral;
  const sent = await sendCodeIfAllowed(deps, log, user, identifier);
  if (sent.waitSeconds > 0) throw tooManyRequests(MSG.otpTooSoon, sent.waitSeconds, ErrorCode.otpTooSoon);
  return neutral;
}

/** Issues and delivers a code unless one went out less than 60 s ago. */
async function sendCodeIfAllowed(
  deps: AuthDeps,
  log: Log,
  user: UserRow,
  identifier: string,
): Promise<{ waitSeconds: number; channel: Delivery['channel'] }> {
  const delivery = chooseDelivery(deps, user);
  const result = await deps.database.db.transaction(async (tx) => {
    const waitSeconds = await secondsUntilResend(tx, deps, user.id);
    if (waitSeconds > 0) return { waitSeconds, issued: null };
    return { waitSeconds: 0, issued: await issueCode(tx, deps, user.id, delivery.channel) };
  });
  if (result.issued) await deliverCode(deps, log, delivery, result.issued, identifier);
  return { waitSeconds: result.waitSeconds, channel: delivery.channel };
}

// ---------------------------------------------------------------------------------------------- login

/**
 * Password sign-in by username, e-mail or phone. Unknown identifiers cost the same argon2 work as known
 * ones and get the same 401. An unverified account with the right password gets 403 and, when allowed,
 * a new code.
 */
export async function login(deps: AuthDeps, log: Log, identifier: string, password: string): Promise<AuthResponse> {
  const user = await findUserByIdentifier(deps.database.db, identifier);
  if (!user?.passwordHash) {
    await verifyAgainstDummy(deps.config, password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials();
  if (!user.isActive) throw accountDisabled();
  if (!user.isVerified) {
    try {
      await sendCodeIfAllowed(deps, log, user, identifier);
    } catch (err) {
      // The answer is "verify first" either way; a code that cannot be sent is logged, not hidden.
      log.warn({ err, userId: user.id }, 'could not send a verification code at login');
    }
    throw notVerified();
  }
  const rehash = passwordNeedsRehash(deps.config, user.passwordHash) ? await hashPassword(deps.config, password) : null;
  return deps.database.db.transaction(async (tx) => {
    if (rehash) await tx.update(users).set({ passwordHash: rehash }).where(eq(users.id, user.id));
    return startSession(tx, deps, user);
  });
}

// ---------------------------------------------------------------------------------------------- telegram

/** A Telegram username usable as ours (same rules as a chosen username), else null. */
function usableUsername(tgUsername: string | null): string | null {
  if (!tgUsername) return null;
  const parsed = usernameField.safeParse(tgUsername);
  return parsed.success ? parsed.data : null;
}

/**
 * Signs in with a checked Telegram identity: the linked account (its Telegram name and photo refreshed),
 * or a new verified account named from Telegram. The Telegram username becomes ours unless someone has
 * it. Two first sign-ins racing each other end in one account (the loser retries and finds it).
 */
export async function telegramSignIn(
  deps: AuthDeps,
  identity: TelegramIdentity,
  referralCode?: string,
): Promise<AuthResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.database.db.transaction((tx) => telegramSignInTx(tx, deps, identity, referralCode));
    } catch (err) {
      if (attempt < 2 && violatedUniqueIndex(err) !== undefined) continue;
      throw err;
    }
  }
}

async function telegramSignInTx(
  tx: Tx,
  deps: AuthDeps,
  identity: TelegramIdentity,
  referralCode: string | undefined,
): Promise<AuthResponse> {
  const [linked] = await tx.select().from(users).where(eq(users.telegramId, identity.id)).limit(1);
  if (linked) {
    if (!linked.isActive) throw accountDisabled();
    const [updated] = await tx
      .update(users)
      .set({
        tgUsername: identity.username,
        telegramPhotoUrl: identity.photoUrl ?? linked.telegramPhotoUrl,
        telegramIsPremium: identity.isPremium ?? linked.telegramIsPremium,
        updatedAt: deps.now(),
      })
      .where(eq(users.id, linked.id))
      .returning();
    await recordRenameIfChanged(tx, linked.id, linked, { tgUsername: identity.username });
    await telegramMemberReturned(tx, linked.id, { allowsWriteToPm: identity.allowsWriteToPm, now: deps.now() });
    return startSession(tx, deps, updated ?? linked, { created: false });
  }

  let username = usableUsername(identity.username);
  if (username && (await findUsersByAnyIdentifier(tx, { username })).length) username = null;
  const user = await createAccount(
    tx,
    {
      username,
      firstName: identity.firstName.slice(0, LIMITS.nameMax),
      lastName: identity.lastName.slice(0, LIMITS.nameMax),
      telegramId: identity.id,
      tgUsername: identity.username,
      telegramPhotoUrl: identity.photoUrl,
      telegramIsPremium: identity.isPremium,
      isVerified: true,
    },
    deps.config.welcomeBonusCents,
    deps.config.productName,
  );
  await telegramMemberReturned(tx, user.id, { allowsWriteToPm: identity.allowsWriteToPm, now: deps.now() });
  // A first sign-in through an invitation (issue #16 item 8): the signed start_param of a Mini App launch, else
  // the code the web app kept from an `r_<code>` link. Refused silently when it does not apply.
  const fromLaunch = parseStartParam(identity.startParam);
  const code = fromLaunch?.kind === 'referral' ? fromLaunch.code : referralCode;
  await recordReferral(tx, { inviteeId: user.id, code, at: deps.now() });
  return startSession(tx, deps, user, { created: true });
}
