import { eq } from 'drizzle-orm';
import type { User } from '@wyn/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { profiles, users, userSettings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { createMemberWallet, mint } from '../wallet/wallet.service.ts';

export type UserRow = typeof users.$inferSelect;

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
