import { eq, sql } from 'drizzle-orm';
import type { UpdateSettingsRequest, UserSettings } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { userSettings } from '../../db/schema/index.ts';
import { notFound, pgErrorCode } from '../../lib/errors.ts';
import { recordEvent } from '../../events/outbox.ts';

const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A valid token for a member who no longer exists: 404 rather than a 500 from the foreign key. */
const missingUser = (err: unknown): never => {
  if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw notFound('User not found.');
  throw err;
};

type SettingsRow = typeof userSettings.$inferSelect;

const toSettingsDto = (r: SettingsRow): UserSettings => ({
  theme: r.theme,
  notifications_enabled: r.notificationsEnabled,
  private_profile: r.privateProfile,
  timezone: r.timezone,
  streak_reminders: r.streakReminders,
  reminder_hour: r.reminderHour,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The member's settings; a member without a row (made before settings existed) gets the defaults, stored. */
export async function getSettings(db: DbOrTx, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
  if (row) return toSettingsDto(row);
  const [created] = await db
    .insert(userSettings)
    .values({ userId })
    .onConflictDoUpdate({ target: userSettings.userId, set: { userId } })
    .returning()
    .catch(missingUser);
  return toSettingsDto(created!);
}

/**
 * Changes only the fields sent; the row is created with defaults first when missing. Making the profile private or
 * public again records `profile.privacy_changed` in the same transaction (private profiles leave member search).
 */
export async function updateSettings(db: DbOrTx, userId: string, input: UpdateSettingsRequest): Promise<UserSettings> {
  const changes = {
    ...(input.theme !== undefined ? { theme: input.theme } : {}),
    ...(input.notifications_enabled !== undefined ? { notificationsEnabled: input.notifications_enabled } : {}),
    ...(input.private_profile !== undefined ? { privateProfile: input.private_profile } : {}),
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.streak_reminders !== undefined ? { streakReminders: input.streak_reminders } : {}),
    ...(input.reminder_hour !== undefined ? { reminderHour: input.reminder_hour } : {}),
  };
  const write = async (tx: DbOrTx) => {
    const [row] = await tx
      .insert(userSettings)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: sql`now()` } })
      .returning()
      .catch(missingUser);
    return row!;
  };
  if (input.private_profile === undefined) return toSettingsDto(await write(db));
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ privateProfile: userSettings.privateProfile })
      .from(userSettings)
      .where(eq(userSettings.userId, userId))
      .for('update');
    const row = await write(tx);
    if (row.privateProfile !== (before?.privateProfile ?? false))
      await recordEvent(tx, { type: 'profile.privacy_changed', payload: { userId, private: row.privateProfile } });
    return toSettingsDto(row);
  });
}
