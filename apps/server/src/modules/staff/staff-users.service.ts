import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { MODERATION_MSG, type StaffUser } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { setAccountActive } from '../auth/account-access.service.ts';
import { escapeLike } from '../tags/tags.service.ts';
import { recordStaffAction } from './audit.service.ts';

/**
 * Members as staff see them (issue #15 item 6): search, disable/enable (at once: sessions revoked and
 * `account.disabled` drops every instance's cached status, as the admin CLI does) and grant/revoke staff (the
 * staff guard reads `is_staff` on every call, so a change holds on the next one). Never on oneself.
 */

const columns = {
  user: users,
  avatar: profiles.avatar,
};

type Row = { user: typeof users.$inferSelect; avatar: string | null };

const toStaffUser = ({ user: u, avatar }: Row): StaffUser => ({
  id: u.id,
  name: displayName(u),
  username: u.username,
  email: u.email,
  avatar: avatar ?? u.telegramPhotoUrl ?? null,
  is_active: u.isActive,
  is_staff: u.isStaff,
  date_joined: u.dateJoined.toISOString(),
  hidden_by_staff: u.hiddenByStaff,
  hidden_reason: u.hiddenReason,
});

export type StaffUserQuery = {
  page: number;
  page_size: number;
  search?: string | undefined;
  is_active?: boolean | undefined;
  is_staff?: boolean | undefined;
};

/** `GET staff/users/`: by name, username, Telegram username or e-mail (anywhere in it); newest first. */
export async function listUsers(db: DbOrTx, q: StaffUserQuery) {
  const { limit, offset } = pageWindow(q);
  const parts: SQL[] = [];
  const term = q.search?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    parts.push(
      or(
        ilike(users.username, like),
        ilike(users.tgUsername, like),
        ilike(users.email, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!,
    );
  }
  if (q.is_active !== undefined) parts.push(eq(users.isActive, q.is_active));
  if (q.is_staff !== undefined) parts.push(eq(users.isStaff, q.is_staff));
  const where = parts.length ? and(...parts) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(desc(users.dateJoined), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(toStaffUser), count: total?.n ?? 0 };
}

async function loadUser(db: DbOrTx, id: string, lock = false): Promise<Row> {
  const base = db.select(columns).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, id));
  const [row] = lock ? await base.limit(1).for('update', { of: users }) : await base.limit(1);
  if (!row) throw notFound(MODERATION_MSG.userNotFound);
  return row;
}

/** The audit action for a change: `user.disable`, `user.enable`, `staff.grant`, `staff.revoke`, or both. */
function actionName(change: { is_active?: boolean | undefined; is_staff?: boolean | undefined }): string {
  const names = [
    change.is_active === undefined ? null : change.is_active ? 'user.enable' : 'user.disable',
    change.is_staff === undefined ? null : change.is_staff ? 'staff.grant' : 'staff.revoke',
  ].filter((n): n is string => n !== null);
  return names.length === 1 ? names[0]! : 'user.update';
}

/** `PATCH staff/users/{id}/`: one audit entry with the values before and after. */
export async function updateUser(
  db: DbOrTx,
  actorId: string,
  userId: string,
  change: { is_active?: boolean | undefined; is_staff?: boolean | undefined },
  now: Date,
): Promise<StaffUser> {
  if (userId === actorId && change.is_active === false)
    throw badRequest(MODERATION_MSG.cannotDisableSelf, { is_active: [MODERATION_MSG.cannotDisableSelf] });
  if (userId === actorId && change.is_staff === false)
    throw badRequest(MODERATION_MSG.cannotRevokeOwnStaff, { is_staff: [MODERATION_MSG.cannotRevokeOwnStaff] });
  return db.transaction(async (tx) => {
    const before = await loadUser(tx, userId, true);
    if (change.is_active !== undefined) await setAccountActive(tx, userId, change.is_active, now);
    if (change.is_staff !== undefined && change.is_staff !== before.user.isStaff)
      await tx.update(users).set({ isStaff: change.is_staff, updatedAt: now }).where(eq(users.id, userId));
    const after = await loadUser(tx, userId);
    await recordStaffAction(tx, {
      actorId,
      action: actionName(change),
      targetType: 'user',
      targetId: userId,
      before: { is_active: before.user.isActive, is_staff: before.user.isStaff },
      after: { is_active: after.user.isActive, is_staff: after.user.isStaff },
    });
    return toStaffUser(after);
  });
}
