import { z } from 'zod';
import { theme } from './enums.ts';
import { timeZoneName } from './streaks.ts';

export const userSettings = z.object({
  theme,
  notifications_enabled: z.boolean(),
  private_profile: z.boolean(),
  /** IANA timezone the member's days (streak check-ins, reminders) are counted in; default UTC. */
  timezone: z.string(),
  /** A bot reminder at `reminder_hour` (local) on days without a check-in. */
  streak_reminders: z.boolean(),
  reminder_hour: z.number().int().min(0).max(23),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserSettings = z.infer<typeof userSettings>;

export const updateSettingsRequest = z
  .object({
    theme: theme.optional(),
    notifications_enabled: z.boolean().optional(),
    private_profile: z.boolean().optional(),
    timezone: timeZoneName.optional(),
    streak_reminders: z.boolean().optional(),
    reminder_hour: z.number().int().min(0).max(23).optional(),
  })
  .strict();
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequest>;
