import type { users } from '../db/schema/index.ts';

// How a member is named in every answer. Kept out of the accounts module so the wallet (which accounts uses to
// open a member's wallet) can name members without importing accounts back.

type UserRow = typeof users.$inferSelect;

/** Full name, else username, else "User <first 6 of id>". */
export function displayName(u: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'tgUsername'>): string {
  const full = `${u.firstName} ${u.lastName}`.trim();
  return full || u.username || u.tgUsername || `User ${u.id.slice(0, 6)}`;
}

/** The creator's display name from a left-joined user (columns null when missing); no creator is "Admin". */
export function creatorName(
  creatorId: string | null,
  u: {
    creatorFirst: string | null;
    creatorLast: string | null;
    creatorUsername: string | null;
    creatorTg: string | null;
  },
): string {
  return creatorId
    ? displayName({
        id: creatorId,
        firstName: u.creatorFirst ?? '',
        lastName: u.creatorLast ?? '',
        username: u.creatorUsername ?? null,
        tgUsername: u.creatorTg ?? null,
      })
    : 'Admin';
}

/** A member as listed with a redemption or a participation: id, username, display name and avatar. */
export function memberSummary(r: {
  userId: string;
  username: string | null;
  firstName: string;
  lastName: string;
  tgUsername: string | null;
  photo: string | null;
  avatar: string | null;
}) {
  return {
    id: r.userId,
    username: r.username,
    display_name: displayName({
      id: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      username: r.username,
      tgUsername: r.tgUsername,
    }),
    avatar: r.avatar ?? r.photo ?? null,
  };
}
