import { z } from 'zod';
import { theme } from './enums.ts';

export const userSettings = z.object({
  theme,
  notifications_enabled: z.boolean(),
  private_profile: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserSettings = z.infer<typeof userSettings>;

export const updateSettingsRequest = z
  .object({
    theme: theme.optional(),
    notifications_enabled: z.boolean().optional(),
    private_profile: z.boolean().optional(),
  })
  .strict();
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequest>;
