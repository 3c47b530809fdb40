import { eq } from 'drizzle-orm';
import type { Profile } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { profiles, users, userSettings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { toProfileDto } from '../accounts/profile-dto.ts';

/** The caller's own profile (one query: user, profile and the private-profile setting). */
export async function getOwnProfile(db: DbOrTx, userId: string, publicUrl: string): Promise<Profile> {
  const [row] = await db
    .select({ user: users, profile: profiles, privateProfile: userSettings.privateProfile })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !row.user.isActive) throw notFound('Profile not found.');
  return toProfileDto(row.user, row.profile, {
    publicUrl,
    isFollowing: false,
    settings: { privateProfile: row.privateProfile ?? false },
  });
}
