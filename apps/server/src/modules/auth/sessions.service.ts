import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { ErrorCode, LIMITS, MSG, type AuthResponse, type RefreshResponse } from '@wyn/contract';
import type { AppContext } from '../../app-types.ts';
import type { Tx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { unauthorized } from '../../lib/errors.ts';
import { newOpaqueToken, sha256 } from '../../lib/tokens.ts';
import { toUserDto, type UserRow } from '../accounts/accounts.service.ts';

/**
 * Sessions (docs/security.md): a 15-minute JWT access token and a 30-day opaque refresh token stored as
 * SHA-256. A family is one sign-in and all its rotations. Every refresh marks the presented token used
 * and issues a new one in the same family; presenting a used token again means it was stolen (or
 * replayed), so the whole family is revoked. Logout revokes.
 */
export type SessionDeps = Pick<AppContext, 'signer' | 'now' | 'database'>;
type Tokens = { access: string; refresh: string; access_expires_at: string };

const sessionInvalid = () => unauthorized(MSG.sessionExpired, ErrorCode.tokenInvalid);

async function insertRefreshToken(tx: Tx, deps: SessionDeps, userId: string, familyId: string): Promise<string> {
  const token = newOpaqueToken();
  const now = deps.now();
  await tx.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + LIMITS.refreshTokenDays * 24 * 60 * 60 * 1000),
    createdAt: now,
  });
  return token;
}

async function signAccess(deps: SessionDeps, user: Pick<UserRow, 'id' | 'isStaff'>) {
  const { token, expiresAt } = await deps.signer.signAccess(user.id, user.isStaff);
  return { access: token, access_expires_at: expiresAt.toISOString() };
}

/** Starts a new session (a new family) for a user who has just proved who they are; records the sign-in. */
export async function startSession(
  tx: Tx,
  deps: SessionDeps,
  user: UserRow,
  extra: { created?: boolean } = {},
): Promise<AuthResponse> {
  const now = deps.now();
  const [updated] = await tx.update(users).set({ lastLogin: now }).where(eq(users.id, user.id)).returning();
  const refresh = await insertRefreshToken(tx, deps, user.id, randomUUID());
  const access = await signAccess(deps, user);
  return {
    ...access,
    refresh,
    user: toUserDto(updated ?? user),
    ...(extra.created !== undefined ? { created: extra.created } : {}),
  };
}

/** Rotates a refresh token. A reused (already rotated) token revokes its whole family. */
export async function refreshSession(deps: SessionDeps, presented: string): Promise<RefreshResponse> {
  const outcome = await deps.database.db.transaction(async (tx): Promise<{ ok: Tokens } | { fail: 'invalid' }> => {
    const now = deps.now();
    const [row] = await tx
      .select({ token: refreshTokens, user: { id: users.id, isStaff: users.isStaff, isActive: users.isActive } })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1)
      .for('update', { of: refreshTokens });
    if (!row || row.token.revokedAt) return { fail: 'invalid' };
    if (row.token.usedAt || !row.user.isActive) {
      // Reuse of a rotated token (or a disabled account): end every session of this family. This
      // must commit, so it returns rather than throws.
      await revokeFamily(tx, row.token.familyId, now);
      return { fail: 'invalid' };
    }
    if (row.token.expiresAt.getTime() <= now.getTime()) return { fail: 'invalid' };
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.token.id));
    const refresh = await insertRefreshToken(tx, deps, row.user.id, row.token.familyId);
    return { ok: { ...(await signAccess(deps, row.user)), refresh } };
  });
  if ('fail' in outcome) throw sessionInvalid();
  return outcome.ok;
}

async function revokeFamily(tx: Tx, familyId: string, now: Date) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Logout: revokes the family of the given refresh token when it is the caller's, or — without a
 * token — every session of the caller. Access tokens already issued run out within 15 minutes.
 */
export async function endSessions(deps: SessionDeps, userId: string, presented: string | undefined): Promise<void> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    if (presented) {
      const [row] = await tx
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, sha256(presented)), eq(refreshTokens.userId, userId)))
        .limit(1);
      if (row) await revokeFamily(tx, row.familyId, now);
      return;
    }
    await revokeAllSessions(tx, userId, now);
  });
}

/** Ends every session of a user (logout everywhere, password reset). */
export async function revokeAllSessions(tx: Tx, userId: string, now: Date) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
