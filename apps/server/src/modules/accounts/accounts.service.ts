import { eq } from 'drizzle-orm';
import type { Profile, User } from '@wyn/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { profiles, users, userSettings } from '../../db/schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { notFound } from '../../lib/errors.ts';
import { recordEvent } from '../../events/outbox.ts';
import { createMemberWallet, mint } from '../wallet/wallet.service.ts';

export type UserRow = typeof users.$inferSelect;

/** The names member search reads (`userDoc` in explore/search-sql.service.ts). */
const SEARCHED_NAMES = ['username', 'tgUsername', 'firstName', 'lastName'] as const;
type SearchedNames = Pick<UserRow, (typeof SEARCHED_NAMES)[number]>;

/**
 * Records `member.renamed` in the caller's transaction when `after` (the fields written; undefined: not written)
 * changes a name member search reads, so explore search forgets its broad member terms once it commits.
 */
export async function recordRenameIfChanged(
  tx: DbOrTx,
  userId: string,
  before: SearchedNames,
  after: Partial<SearchedNames>,
): Promise<void> {
  if (SEARCHED_NAMES.some((k) => after[k] !== undefined && after[k] !== before[k]))
    await recordEvent(tx, { type: 'member.renamed', payload: { userId } });
}

export type NewAccount = {
  username?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  passwordHash?: string | null;
  firstName?: string;
  lastName?: string;
  telegramId?: string | null;
  tgUsername?: string | null;
  telegramPhotoUrl?: string | null;
  telegramIsPremium?: boolean | null;
  isVerified: boolean;
};

/**
 * Creates a member: user, profile, settings, wallet and the welcome bonus, all inside the caller's
 * transaction so an account never exists half-made (issue #2 §4).
 */
export async function createAccount(
  tx: Tx,
  input: NewAccount,
  welcomeBonusCents: number,
  productName: string,
): Promise<UserRow> {
  const [user] = await tx
    .insert(users)
    .values({
      username: input.username ?? null,
      email: input.email?.toLowerCase() ?? null,
      phoneNumber: input.phoneNumber ?? null,
      passwordHash: input.passwordHash ?? null,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      telegramId: input.telegramId ?? null,
      tgUsername: input.tgUsername ?? null,
      telegramPhotoUrl: input.telegramPhotoUrl ?? null,
      telegramIsPremium: input.telegramIsPremium ?? null,
      isVerified: input.isVerified,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  await tx.insert(profiles).values({ id: user.id });
  await tx.insert(userSettings).values({ userId: user.id });
  const wallet = await createMemberWallet(tx, user.id);
  if (welcomeBonusCents > 0) await mint(tx, wallet.id, welcomeBonusCents, `Welcome to ${productName}`);
  return user;
}

export async function getUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !row.isActive) throw notFound('User not found.');
  return row;
}

export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    phone_number: u.phoneNumber,
    first_name: u.firstName,
    last_name: u.lastName,
    tg_username: u.tgUsername,
    telegram_id: u.telegramId,
    telegram_photo_url: u.telegramPhotoUrl,
    is_verified: u.isVerified,
    is_staff: u.isStaff,
    date_joined: u.dateJoined.toISOString(),
  };
}

export type ProfileRow = typeof profiles.$inferSelect;
export type UserSettingsRow = typeof userSettings.$inferSelect;

/**
 * The contract's `profile` shape from a user, their profile row and (optionally) their settings.
 * Counts come from the profile row; `is_following` is about the viewer and is the caller's to say.
 * Pure: the caller loads the rows (bot/profile/ and the club's profiles/ share this).
 */
export function toProfileDto(
  user: UserRow,
  profile: ProfileRow,
  opts: { publicUrl: string; isFollowing?: boolean; settings?: Pick<UserSettingsRow, 'privateProfile'> | null },
): Profile {
  return {
    id: profile.id,
    user: { id: user.id, username: user.username, first_name: user.firstName, last_name: user.lastName },
    display_name: displayName(user),
    bio: profile.bio,
    avatar: profile.avatar,
    telegram_photo_url: user.telegramPhotoUrl,
    telegram_handle: user.tgUsername,
    is_business: profile.isBusiness,
    business_tag: profile.businessTag,
    followers_count: profile.followersCount,
    following_count: profile.followingCount,
    posts_count: profile.postsCount,
    quests_completed_count: profile.questsCompletedCount,
    shareable_url: `${opts.publicUrl}/profile/${profile.id}`,
    is_following: opts.isFollowing ?? false,
    is_private: opts.settings?.privateProfile ?? false,
    created_at: profile.createdAt.toISOString(),
    updated_at: profile.updatedAt.toISOString(),
  };
}
