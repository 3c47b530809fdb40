import { and, eq, ne, sql } from 'drizzle-orm';
import type { Log } from '../../lib/log.ts';
import { type z } from 'zod';
import {
  AuthErrorCode,
  ErrorCode,
  MSG,
  centsToAmount,
  type Profile,
  type PublicConfig,
  type UpdateUserResponse,
  type User,
  type Wallet,
  type updateUserRequest,
} from '@wyn/contract';
import type { AppContext } from '../../app-types.ts';
import { profiles, users, userSettings } from '../../db/schema/index.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { violatedUniqueIndex } from '../../lib/unique-violation.ts';
import { botIdFromToken, checkTelegramAuth } from '../../integrations/telegram-auth.ts';
import { recordRenameIfChanged, toUserDto, type UserRow } from '../accounts/accounts.service.ts';
import { toProfileDto } from '../accounts/accounts.service.ts';
import { getMemberWallet, toWalletDto } from '../wallet/wallet.service.ts';
import { identifiersTaken, rethrowUniqueAsFieldError } from './auth.service.ts';
import {
  changeCodeSentDetail,
  deliverChangeCodes,
  issueChangeCodes,
  planIdentifierChanges,
} from './email-change.service.ts';

/** The signed-in member's own account: read, update (including linking Telegram), profile, wallet. */
export type UpdateUserInput = z.output<typeof updateUserRequest>;

const sessionInvalid = () => unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);

/** The caller's account; a deleted or disabled account ends the session (401), whatever the token says. */
async function loadActiveUser(deps: AppContext, userId: string): Promise<UserRow> {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !row.isActive) throw sessionInvalid();
  return row;
}

export async function getCurrentUser(deps: AppContext, userId: string): Promise<User> {
  return toUserDto(await loadActiveUser(deps, userId));
}

/**
 * Updates names and the username (unique, case-insensitive, 400 with `errors.{field}` when taken) and
 * links a Telegram account from Mini App or login-widget data checked exactly as at sign-in (409 when
 * that Telegram account belongs to someone else). A new e-mail or phone is not applied here: a code goes
 * to the new address and the change waits for update-user/confirm/ (email-change.service.ts). The
 * request schema is strict, so fields the server alone sets (is_staff, is_verified, ...) are refused.
 */
export async function updateUser(
  deps: AppContext,
  log: Log,
  userId: string,
  input: UpdateUserInput,
): Promise<UpdateUserResponse> {
  const identity =
    input.initData || input.telegram_user_info
      ? checkTelegramAuth(
          { initData: input.initData, telegram_user_info: input.telegram_user_info },
          deps.config.telegram.botToken,
          deps.now(),
        )
      : null;

  const updated = await deps.database.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
      if (!current || !current.isActive) throw sessionInvalid();

      const taken: Array<'username' | 'email' | 'phone_number'> = [];
      const usedByOther = async (condition: ReturnType<typeof sql>) =>
        (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(and(condition, ne(users.id, userId)))
            .limit(1)
        ).length > 0;
      if (input.username && (await usedByOther(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)))
        taken.push('username');
      const plan = await planIdentifierChanges(tx, current, { email: input.email, phone_number: input.phone_number });
      taken.push(...plan.taken);
      if (taken.length) throw identifiersTaken(taken);

      if (identity && (await usedByOther(sql`${users.telegramId} = ${identity.id}`)))
        throw new AppError(409, AuthErrorCode.telegramTaken, MSG.telegramTaken);

      const [row] = await tx
        .update(users)
        .set({
          ...(input.username !== undefined ? { username: input.username } : {}),
          ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
          ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
          ...(identity
            ? {
                telegramId: identity.id,
                tgUsername: identity.username,
                telegramPhotoUrl: identity.photoUrl ?? current.telegramPhotoUrl,
              }
            : {}),
          updatedAt: deps.now(),
        })
        .where(eq(users.id, userId))
        .returning();
      if (row) await recordRenameIfChanged(tx, userId, current, row);
      // After the other fields: a refused change (429, undeliverable) rolls the whole request back.
      return { row: row ?? current, changes: await issueChangeCodes(tx, deps, userId, plan.changes) };
    })
    .catch((err: unknown) => {
      if (violatedUniqueIndex(err) === 'users_telegram_id_uq')
        throw new AppError(409, AuthErrorCode.telegramTaken, MSG.telegramTaken);
      return rethrowUniqueAsFieldError(err);
    });
  await deliverChangeCodes(deps, log, updated.changes);
  const pending = (field: 'email' | 'phone_number') => updated.changes.find((c) => c.field === field)?.target ?? null;
  return {
    detail: changeCodeSentDetail(updated.changes) ?? MSG.userUpdated,
    user: toUserDto(updated.row),
    pending_email: pending('email'),
    pending_phone: pending('phone_number'),
  };
}

export async function getOwnProfile(deps: AppContext, userId: string): Promise<Profile> {
  const [row] = await deps.database.db
    .select({ user: users, profile: profiles, privateProfile: userSettings.privateProfile })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !row.user.isActive) throw sessionInvalid();
  return toProfileDto(row.user, row.profile, {
    publicUrl: deps.config.publicUrl,
    isFollowing: false,
    settings: { privateProfile: row.privateProfile ?? false },
  });
}

export async function getOwnWallet(deps: AppContext, userId: string): Promise<Wallet> {
  return toWalletDto(await getMemberWallet(deps.database.db, userId));
}

export function publicConfig(deps: AppContext): PublicConfig {
  const configured = Boolean(deps.config.telegram.botToken && deps.config.telegram.botUsername);
  return {
    product_name: deps.config.productName,
    telegram_bot_username: configured ? (deps.config.telegram.botUsername ?? null) : null,
    telegram_bot_id: configured ? botIdFromToken(deps.config.telegram.botToken) : null,
    welcome_bonus: centsToAmount(deps.config.welcomeBonusCents),
  };
}
