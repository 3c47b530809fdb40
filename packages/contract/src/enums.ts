import { z } from 'zod';
import {
  channelTypes,
  contentTypes,
  notificationTypes,
  perkStatuses,
  perkTypes,
  questStatuses,
  questTypes,
  sectionTypes,
  themes,
  transactionTypes,
  verificationStatuses,
} from './enum-values.ts';

export * from './enum-values.ts';

export const questType = z.enum(questTypes);
export type QuestType = z.infer<typeof questType>;

export const questStatus = z.enum(questStatuses);

export const channelType = z.enum(channelTypes);
export type ChannelType = z.infer<typeof channelType>;

export const verificationStatus = z.enum(verificationStatuses);

export const perkType = z.enum(perkTypes);
export type PerkType = z.infer<typeof perkType>;

export const perkStatus = z.enum(perkStatuses);

export const contentType = z.enum(contentTypes);

export const transactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionType>;

export const notificationType = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationType>;

export const sectionType = z.enum(sectionTypes);
export type SectionType = z.infer<typeof sectionType>;

export const theme = z.enum(themes);
export type Theme = z.infer<typeof theme>;
