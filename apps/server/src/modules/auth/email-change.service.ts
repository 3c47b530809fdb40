import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Log } from '../../lib/log.ts';
import {
  ACCOUNT_MSG,
  AuthErrorCode,
  ErrorCode,
  MSG,
  type IdentifierChangeField,
  type UpdateUserConfirmResponse,
} from '@wyn/contract';
import type { AppContext } from '../../app-types.ts';
import type { Tx } from '../../db/client.ts';
import { otpCodes, users } from '../../db/schema/index.ts';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { violatedUniqueIndex } from '../../lib/unique-violation.ts';
import { toUserDto, type UserRow } from '../accounts/accounts.service.ts';
import {
  checkCode,
  chooseDelivery,
  codeCheckError,
  deliverCode,
  issueCode,
  secondsUntilResend,
  type CodePurpose,
  type Delivery,
} from './otp.service.ts';

/**
 * Changing the e-mail or phone of a signed-in member (issue #12 item 7). A new address is never written
 * to `users` on request: a code goes to the new address (same rules as sign-up codes, purposes
 * 'email_change'/'phone_change') and the address waits in that code's row. So until the code is
 * confirmed the old address keeps working for sign-in, and the new one is not reserved: anyone may
 * register or claim it meanwhile, and confirming then answers 409 and changes nothing. A newer change
 * of the same field retires the older code. Phones get their code the way phone sign-ups do: the server
 * log outside production, refused in production (there is no SMS delivery).
 */
export type ChangeDeps = AppContext;

export type Change = { field: IdentifierChangeField; purpose: CodePurpose; target: string };

const PURPOSE: Record<IdentifierChangeField, CodePurpose> = { email: 'email_change', phone_number: 'phone_change' };
const TAKEN: Record<IdentifierChangeField, string> = { email: MSG.emailTaken, phone_number: MSG.phoneTaken };
const UNIQUE_INDEX: Record<string, IdentifierChangeField> = {
  users_email_lower_uq: 'email',
  users_phone_uq: 'phone_number',
};

export type StartedChange = { field: IdentifierChangeField; target: string; delivery: Delivery; issued: Issued };
type Issued = Awaited<ReturnType<typeof issueCode>>;

const sameAddress = (field: IdentifierChangeField, column: string | null, value: string) =>
  field === 'email' ? column?.toLowerCase() === value : column === value;

function usedByOther(tx: Tx, userId: string, field: IdentifierChangeField, value: string) {
  const condition = field === 'email' ? sql`lower(${users.email}) = ${value}` : sql`${users.phoneNumber} = ${value}`;
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(condition, ne(users.id, userId)))
    .limit(1)
    .then((rows) => rows.length > 0);
}

function deliveryFor(deps: ChangeDeps, change: Change): Delivery {
  if (change.field === 'email') return chooseDelivery(deps, { email: change.target });
  try {
    return chooseDelivery(deps, { email: null });
  } catch (err) {
    if (err instanceof AppError)
      throw new AppError(400, ErrorCode.deliveryUnavailable, ACCOUNT_MSG.changePhoneUndeliverable, {
        phone_number: [ACCOUNT_MSG.changePhoneUndeliverable],
      });
    throw err;
  }
}

/**
 * Inside update-user's transaction (the member's row locked): the identifiers that differ from the
 * current ones, and those another member already has (the caller refuses those with 400, as before).
 */
export async function planIdentifierChanges(
  tx: Tx,
  current: UserRow,
  requested: { email?: string; phone_number?: string },
): Promise<{ changes: Change[]; taken: IdentifierChangeField[] }> {
  const changes: Change[] = [];
  for (const field of ['email', 'phone_number'] as const) {
    const raw = requested[field];
    if (raw === undefined) continue;
    const target = field === 'email' ? raw.toLowerCase() : raw;
    const column = field === 'email' ? current.email : current.phoneNumber;
    if (!sameAddress(field, column, target)) changes.push({ field, purpose: PURPOSE[field], target });
  }
  const taken: IdentifierChangeField[] = [];
  for (const change of changes)
    if (await usedByOther(tx, current.id, change.field, change.target)) taken.push(change.field);
  return { changes, taken };
}

/**
 * Stores a code for each planned change, enforcing the 60 s resend wait (429: the whole request is
 * refused so nothing half-applies). Returns what to deliver once the transaction has committed.
 */
export async function issueChangeCodes(
  tx: Tx,
  deps: ChangeDeps,
  userId: string,
  changes: Change[],
): Promise<StartedChange[]> {
  const started: StartedChange[] = [];
  for (const change of changes) {
    const delivery = deliveryFor(deps, change);
    const wait = await secondsUntilResend(tx, deps, userId, change.purpose);
    if (wait > 0) throw tooManyRequests(MSG.otpTooSoon, wait, ErrorCode.otpTooSoon);
    const issued = await issueCode(tx, deps, userId, delivery.channel, change.purpose, change.target);
    started.push({ field: change.field, target: change.target, delivery, issued });
  }
  return started;
}

/** Sends the committed codes; a failed send removes its code and answers 503 (see deliverCode). */
export async function deliverChangeCodes(deps: ChangeDeps, log: Log, started: StartedChange[]) {
  for (const s of started) await deliverCode(deps, log, s.delivery, s.issued, s.target, PURPOSE[s.field]);
}

export function changeCodeSentDetail(started: StartedChange[]): string | null {
  return started.length ? ACCOUNT_MSG.changeCodeSent(started.map((s) => s.target).join(' and ')) : null;
}

const takenConflict = (field: IdentifierChangeField) => new AppError(409, AuthErrorCode.identifierTaken, TAKEN[field]);

/**
 * Applies a pending change with its code. A wrong code counts an attempt (committed before the error);
 * a new address someone else has meanwhile is 409 and nothing changes — also when two members confirm
 * the same address at once (the unique index decides, the loser's transaction rolls back).
 */
export async function confirmIdentifierChange(
  deps: ChangeDeps,
  userId: string,
  field: IdentifierChangeField,
  otp: string,
): Promise<UpdateUserConfirmResponse> {
  const purpose = PURPOSE[field];
  const outcome = await deps.database.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
      if (!current || !current.isActive) throw unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);
      // The row checkCode will judge, locked first so no newer code can replace it in between.
      const [live] = await tx
        .select({ target: otpCodes.target })
        .from(otpCodes)
        .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1)
        .for('update');
      const result = await checkCode(tx, deps, userId, otp, purpose);
      if (result !== 'ok') return { error: codeCheckError(result) };
      const target = live?.target;
      if (!target) return { error: codeCheckError('invalid') };
      if (await usedByOther(tx, userId, field, target)) throw takenConflict(field);
      const [row] = await tx
        .update(users)
        .set({ ...(field === 'email' ? { email: target } : { phoneNumber: target }), updatedAt: deps.now() })
        .where(eq(users.id, userId))
        .returning();
      return { user: row ?? current };
    })
    .catch((err: unknown) => {
      const index = violatedUniqueIndex(err);
      const lost = index ? UNIQUE_INDEX[index] : undefined;
      if (lost) throw takenConflict(lost);
      throw err;
    });
  // A wrong code's counted attempt is committed above; only then is the error thrown.
  if ('error' in outcome) throw outcome.error;
  return {
    detail: field === 'email' ? ACCOUNT_MSG.emailUpdated : ACCOUNT_MSG.phoneUpdated,
    user: toUserDto(outcome.user),
  };
}
