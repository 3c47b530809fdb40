import { and, count, desc, eq, ne, not, sql, type SQL } from 'drizzle-orm';
import {
  centsToAmount,
  PROFILE_LIST_LIMIT,
  PROFILE_MSG,
  type FollowResponse,
  type OwnProfile,
  type ProfileDetail,
  type updateProfileRequest,
  AVATAR_ALLOWED_TYPES,
} from '@wyn/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  follows,
  perkRedemptions,
  perks,
  profiles,
  questCompletions,
  quests,
  users,
  userSettings,
} from '../../db/schema/index.ts';
import type { MediaStorage } from '../../integrations/media-storage.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { Log } from '../../lib/log.ts';
import type { UploadedFile } from '../../lib/multipart-body.ts';
import { displayName } from '../../lib/display-name.ts';
import { recordRenameIfChanged, toProfileDto } from '../accounts/accounts.service.ts';
import { discardOwnUnusedMedia, discardUpload, storeMedia } from '../media/media.service.ts';
import { identifiersTaken, rethrowUniqueAsFieldError } from '../auth/auth.service.ts';
import { recordEvent } from '../../events/outbox.ts';
import { xpOf } from '../engagement/xp.service.ts';

export type UpdateProfileInput = z.output<typeof updateProfileRequest>;

const profileNotFound = () => notFound(PROFILE_MSG.notFound);

/** Hidden by the member or by staff: to anyone else the profile does not exist. */
const hiddenProfile = (u: { isHidden: boolean; hiddenByStaff: boolean }) => u.isHidden || u.hiddenByStaff;
/** The owner's marker: whether staff hid their profile and why (issue #15 item 4). */
const moderationOf = (u: { hiddenByStaff: boolean; hiddenReason: string | null }) => ({
  hidden: u.hiddenByStaff,
  reason: u.hiddenByStaff ? u.hiddenReason : null,
});

/** A member's user row, profile row and private-profile setting; 404 when missing or disabled. */
async function loadProfileRows(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ user: users, profile: profiles, privateProfile: userSettings.privateProfile })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !row.user.isActive) throw profileNotFound();
  return row;
}

/** The caller's own profile (one query: user, profile and the private-profile setting). */
export async function getOwnProfile(db: DbOrTx, userId: string, publicUrl: string): Promise<OwnProfile> {
  const [row, level] = await Promise.all([loadProfileRows(db, userId), xpOf(db, userId)]);
  return {
    ...level,
    ...toProfileDto(row.user, row.profile, {
      publicUrl,
      isFollowing: false,
      settings: { privateProfile: row.privateProfile ?? false },
    }),
    moderation: moderationOf(row.user),
  };
}

/** A profile `viewerId` may open, as a share card shows it (name, avatar, bio unless private); 404 as the detail. */
export async function getShareableProfile(db: DbOrTx, profileId: string, viewerId: string) {
  const row = await loadProfileRows(db, profileId);
  const isOwn = profileId === viewerId;
  if (hiddenProfile(row.user) && !isOwn) throw profileNotFound();
  const isPrivate = row.privateProfile ?? false;
  return {
    id: row.profile.id,
    name: displayName(row.user),
    avatar: row.profile.avatar ?? row.user.telegramPhotoUrl,
    bio: isOwn || !isPrivate ? row.profile.bio : '',
  };
}

/**
 * GET profiles/{id}/ as `viewerId` sees it. Others see only published quests and active perks; a private
 * profile shows others its name, avatar and counts only (lists and bio empty). The owner sees everything.
 */
export async function getProfileDetail(
  db: DbOrTx,
  profileId: string,
  viewerId: string,
  publicUrl: string,
): Promise<ProfileDetail> {
  const row = await loadProfileRows(db, profileId);
  const isOwn = profileId === viewerId;
  if (hiddenProfile(row.user) && !isOwn) throw profileNotFound();
  const isPrivate = row.privateProfile ?? false;
  const showLists = isOwn || !isPrivate;

  const createdQuestsWhere: SQL = and(
    eq(quests.creatorId, profileId),
    not(quests.isHidden),
    isOwn ? ne(quests.status, 'hidden') : and(eq(quests.status, 'published'), not(quests.hiddenByStaff)),
  )!;
  const createdPerksWhere: SQL = and(
    eq(perks.creatorId, profileId),
    not(perks.isHidden),
    isOwn ? ne(perks.status, 'hidden') : and(eq(perks.status, 'active'), not(perks.hiddenByStaff)),
  )!;
  // A member's own record of what they earned stays, even when the quest was later deleted (archived, hidden).
  const completedWhere: SQL = and(
    eq(questCompletions.userId, profileId),
    eq(questCompletions.verificationStatus, 'approved'),
    isOwn ? undefined : and(not(quests.isHidden), not(quests.hiddenByStaff)),
  )!;

  const completedAt =
    sql<Date>`coalesce(${questCompletions.verifiedDate}, ${questCompletions.completionDate}, ${questCompletions.joinedAt})`.mapWith(
      (v: string | Date) => new Date(v),
    );

  const [following, createdQuestsCount, createdPerksCount, purchasedCount, level] = await Promise.all([
    isOwn
      ? Promise.resolve([])
      : db
          .select({ id: follows.followerId })
          .from(follows)
          .where(and(eq(follows.followerId, viewerId), eq(follows.followingId, profileId)))
          .limit(1),
    db.select({ n: count() }).from(quests).where(createdQuestsWhere),
    db.select({ n: count() }).from(perks).where(createdPerksWhere),
    db.select({ n: count() }).from(perkRedemptions).where(eq(perkRedemptions.userId, profileId)),
    // XP and level are public, like the counts (also on a private profile).
    xpOf(db, profileId),
  ]);

  const lists = showLists
    ? await Promise.all([
        db
          .select({
            id: questCompletions.id,
            task: quests.id,
            title: quests.title,
            reward: quests.rewardAmount,
            media: quests.mediaUrl,
            at: completedAt,
          })
          .from(questCompletions)
          .innerJoin(quests, eq(quests.id, questCompletions.questId))
          .where(completedWhere)
          .orderBy(desc(completedAt), desc(questCompletions.id))
          .limit(PROFILE_LIST_LIMIT),
        db.select().from(quests).where(createdQuestsWhere).orderBy(desc(quests.createdAt)).limit(PROFILE_LIST_LIMIT),
        db
          .select({ redemption: perkRedemptions, cost: perks.costAmount, media: perks.mediaUrl })
          .from(perkRedemptions)
          .leftJoin(perks, eq(perks.id, perkRedemptions.perkId))
          .where(eq(perkRedemptions.userId, profileId))
          .orderBy(desc(perkRedemptions.redeemedAt))
          .limit(PROFILE_LIST_LIMIT),
        db.select().from(perks).where(createdPerksWhere).orderBy(desc(perks.createdAt)).limit(PROFILE_LIST_LIMIT),
      ])
    : null;

  const base = toProfileDto(row.user, row.profile, {
    publicUrl,
    isFollowing: following.length > 0,
    settings: { privateProfile: isPrivate },
  });
  return {
    ...base,
    ...level,
    bio: showLists ? base.bio : '',
    telegram_handle: showLists ? base.telegram_handle : null,
    is_own: isOwn,
    moderation: isOwn ? moderationOf(row.user) : { hidden: false, reason: null },
    created_tasks_count: createdQuestsCount[0]?.n ?? 0,
    created_perks_count: createdPerksCount[0]?.n ?? 0,
    purchased_perks_count: purchasedCount[0]?.n ?? 0,
    completed_tasks: (lists?.[0] ?? []).map((c) => ({
      id: c.id,
      task: c.task,
      task_title: c.title,
      username: row.user.username,
      reward_amount: centsToAmount(c.reward),
      media: c.media,
      completed_at: c.at.toISOString(),
    })),
    created_tasks: (lists?.[1] ?? []).map((q) => ({
      id: q.id,
      title: q.title,
      status: q.status,
      reward_amount: centsToAmount(q.rewardAmount),
      media: q.mediaUrl,
      created_at: q.createdAt.toISOString(),
      moderation: { hidden: q.hiddenByStaff, reason: q.hiddenReason },
    })),
    purchased_perks: (lists?.[2] ?? []).map((r) => ({
      id: r.redemption.id,
      perk: r.redemption.perkId,
      title: r.redemption.perkTitle,
      cost_amount: r.cost === null ? null : centsToAmount(r.cost),
      media: r.media,
      purchased_at: r.redemption.redeemedAt.toISOString(),
    })),
    created_perks: (lists?.[3] ?? []).map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      cost_amount: centsToAmount(p.costAmount),
      media: p.mediaUrl,
      created_at: p.createdAt.toISOString(),
      moderation: { hidden: p.hiddenByStaff, reason: p.hiddenReason },
    })),
  };
}

/** followers_count/ and following_count/: the stored counters (kept with each follow row). */
export async function getFollowCounts(db: DbOrTx, profileId: string) {
  const [row] = await db
    .select({ followers: profiles.followersCount, following: profiles.followingCount, active: users.isActive })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row || !row.active) throw profileNotFound();
  return row;
}

/**
 * Moves both counters by `delta` in one order (by id) so that A following B while B follows A cannot
 * deadlock; never below zero.
 */
async function bumpCounts(tx: DbOrTx, followerId: string, followingId: string, delta: 1 | -1) {
  const steps = [
    { id: followerId, column: profiles.followingCount, key: 'followingCount' as const },
    { id: followingId, column: profiles.followersCount, key: 'followersCount' as const },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const s of steps) {
    await tx
      .update(profiles)
      .set({ [s.key]: sql`greatest(${s.column} + ${delta}, 0)` })
      .where(eq(profiles.id, s.id));
  }
}

async function followersOf(tx: DbOrTx, profileId: string) {
  const [row] = await tx
    .select({ n: profiles.followersCount })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row?.n ?? 0;
}

/**
 * Follows `targetId`. Idempotent: the counters and the notification change only when a row was actually
 * inserted, in the same transaction as the row.
 */
export async function follow(db: Db, followerId: string, targetId: string): Promise<FollowResponse> {
  if (followerId === targetId)
    throw badRequest(PROFILE_MSG.cannotFollowSelf, { profile: [PROFILE_MSG.cannotFollowSelf] });
  return db.transaction(async (tx) => {
    const target = await loadProfileRows(tx, targetId);
    if (hiddenProfile(target.user)) throw profileNotFound();
    const inserted = await tx
      .insert(follows)
      .values({ followerId, followingId: targetId })
      .onConflictDoNothing()
      .returning({ id: follows.followerId });
    if (inserted.length > 0) {
      await bumpCounts(tx, followerId, targetId, 1);
      const [me] = await tx.select().from(users).where(eq(users.id, followerId)).limit(1);
      await recordEvent(tx, {
        type: 'follow.created',
        payload: { followerId, followerName: me ? displayName(me) : 'Someone', targetId },
      });
    }
    const name = target.user.username ?? displayName(target.user);
    return {
      detail: PROFILE_MSG.followed.replace('{username}', name),
      is_following: true,
      followers_count: await followersOf(tx, targetId),
    };
  });
}

/** Unfollows `targetId`; not following is a no-op. Counters move only when a row was deleted. */
export async function unfollow(db: Db, followerId: string, targetId: string): Promise<FollowResponse> {
  if (followerId === targetId)
    throw badRequest(PROFILE_MSG.cannotFollowSelf, { profile: [PROFILE_MSG.cannotFollowSelf] });
  return db.transaction(async (tx) => {
    const target = await loadProfileRows(tx, targetId);
    const deleted = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followingId, targetId)))
      .returning({ id: follows.followerId });
    if (deleted.length > 0) await bumpCounts(tx, followerId, targetId, -1);
    const name = target.user.username ?? displayName(target.user);
    return {
      detail: PROFILE_MSG.unfollowed.replace('{username}', name),
      is_following: false,
      followers_count: await followersOf(tx, targetId),
    };
  });
}

/** Only the member edits their own profile. */
function assertOwnProfile(actorId: string, profileId: string): void {
  if (profileId !== actorId) throw forbidden(PROFILE_MSG.updateForbidden);
}

/**
 * PATCH profiles/{id}/: the member edits their own profile and gets it back as they see it. `readEdit` reads the
 * request's fields (and avatar) and is called only once the caller may edit this profile, so a refused edit
 * spends no upload allowance and reads no file.
 */
export async function editOwnProfile(
  db: Db,
  storage: MediaStorage,
  actorId: string,
  profileId: string,
  readEdit: () => Promise<{ input: UpdateProfileInput; avatar: UploadedFile | undefined }>,
  opts: { now: Date; publicUrl: string; log: Log },
): Promise<ProfileDetail> {
  assertOwnProfile(actorId, profileId);
  const { input, avatar } = await readEdit();
  await updateProfileWithAvatar(db, storage, actorId, input, avatar, {
    now: opts.now,
    warn: (err, message) => opts.log.warn({ err }, message),
  });
  return getProfileDetail(db, actorId, actorId, opts.publicUrl);
}

/**
 * Edits the member's own profile, with a new avatar (an image) when one was uploaded. A stored avatar the edit
 * then refuses (a taken username, say) is removed, as is the avatar it replaced once the edit has committed.
 * Cleaning up is not the member's concern: a failure there goes to `warn` and the edit stands.
 */
async function updateProfileWithAvatar(
  db: Db,
  storage: MediaStorage,
  userId: string,
  input: UpdateProfileInput,
  avatar: UploadedFile | undefined,
  opts: { now: Date; warn: (err: unknown, message: string) => void },
): Promise<void> {
  const upload = avatar
    ? await storeMedia(db, storage, userId, avatar, {
        allowed: AVATAR_ALLOWED_TYPES,
        unsupportedMessage: PROFILE_MSG.avatarImageOnly,
      })
    : undefined;
  let replacedAvatar: string | null;
  try {
    ({ replacedAvatar } = await updateProfile(db, userId, input, upload?.url, opts.now));
  } catch (err) {
    if (upload)
      await discardUpload(db, storage, upload).catch((e: unknown) =>
        opts.warn(e, 'could not remove the upload of a failed profile edit'),
      );
    throw err;
  }
  if (replacedAvatar)
    await discardOwnUnusedMedia(db, storage, userId, replacedAvatar).catch((e: unknown) =>
      opts.warn(e, 'could not remove a replaced avatar'),
    );
}

/**
 * Updates the caller's own names, username (unique, case-insensitive; 400 with `errors.username` when
 * taken, as at sign-up), bio and avatar in one transaction. The caller has checked ownership. Returns the
 * avatar a new one replaced (null when none was set or there was none before), for the caller to clean up.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: UpdateProfileInput,
  avatarUrl: string | undefined,
  now: Date,
): Promise<{ replacedAvatar: string | null }> {
  return db
    .transaction(async (tx) => {
      const { user: current } = await loadProfileRows(tx, userId);
      // Locked, so of two avatar changes at once the second sees (and replaces) the first one's avatar.
      const [before] =
        avatarUrl === undefined
          ? []
          : await tx.select({ avatar: profiles.avatar }).from(profiles).where(eq(profiles.id, userId)).for('update');
      if (input.username) {
        const clash = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, ne(users.id, userId)))
          .limit(1);
        if (clash.length) throw identifiersTaken(['username']);
      }
      const userFields = {
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
        ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      };
      if (Object.keys(userFields).length) {
        await tx
          .update(users)
          .set({ ...userFields, updatedAt: now })
          .where(eq(users.id, userId));
        await recordRenameIfChanged(tx, userId, current, userFields);
      }
      await tx
        .update(profiles)
        .set({
          ...(input.bio !== undefined ? { bio: input.bio } : {}),
          ...(avatarUrl !== undefined ? { avatar: avatarUrl } : {}),
          updatedAt: now,
        })
        .where(eq(profiles.id, userId));
      const old = before?.avatar ?? null;
      return { replacedAvatar: avatarUrl !== undefined && old !== avatarUrl ? old : null };
    })
    .catch((err: unknown) => rethrowUniqueAsFieldError(err));
}
