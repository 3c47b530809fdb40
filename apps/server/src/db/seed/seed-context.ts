import type { NotificationType } from '@wyn/contract';
import type { Config } from '../../config.ts';
import type { Tx } from '../client.ts';
import { notifications } from '../schema/index.ts';
import type { UserRow } from '../../modules/accounts/accounts.service.ts';
import { SEED_MEDIA_PREFIX } from '../../integrations/media-storage.ts';
import type { MemberKey, TagName } from './members-data.ts';
import type { PerkSeed } from './perks-data.ts';

/** Images shipped in apps/server/seed-assets/, served as /media/seed/<file> by every instance. */
export const media = (file: string) => `/media/${SEED_MEDIA_PREFIX}${file}`;

/** The data files speak in points; the database stores cents. */
export const W = (points: number) => Math.round(points * 100);
export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

export type SeededQuest = { id: string; title: string; reward: number; creator: MemberKey; escrow: string | null };
export type SeededPerk = { id: string; title: string; cost: number; creator: MemberKey | null; seed: PerkSeed };

export type Notify = (
  to: MemberKey,
  type: NotificationType,
  title: string,
  message: string,
  link: string | null,
  hoursAgo: number,
  isRead?: boolean,
) => Promise<void>;

/**
 * What the seed steps share. The data files name rows by key (member 'ava', quest 'design-club'), so each step
 * records the rows it inserts in these maps for the later steps to look up; they are empty until that step runs.
 */
export type SeedContext = {
  tx: Tx;
  config: Config;
  /** One clock for the whole run, so "2 hours ago" means the same instant in every step. */
  ago: (ms: number) => Date;
  inDays: (days: number) => Date;
  member: Record<MemberKey, UserRow>;
  walletOf: Record<MemberKey, string>;
  tagId: Record<TagName, string>;
  questRow: Record<string, SeededQuest>;
  perkRow: Record<string, SeededPerk>;
  notify: Notify;
  /** Notifications sent so far, for the summary. */
  notificationCount: () => number;
};

export function createSeedContext(tx: Tx, config: Config): SeedContext {
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  const member = {} as Record<MemberKey, UserRow>;
  let sent = 0;
  return {
    tx,
    config,
    ago,
    inDays: (days) => new Date(now + days * DAY),
    member,
    walletOf: {} as Record<MemberKey, string>,
    tagId: {} as Record<TagName, string>,
    questRow: {},
    perkRow: {},
    notify: async (to, type, title, message, link, hoursAgo, isRead = false) => {
      await tx.insert(notifications).values({
        userId: member[to].id,
        notificationType: type,
        title,
        message,
        link,
        isRead,
        createdAt: ago(hoursAgo * HOUR),
      });
      sent += 1;
    },
    notificationCount: () => sent,
  };
}
