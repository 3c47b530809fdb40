import { z } from 'zod';
import { amountString, pageQuery, uuid } from './common.ts';

/**
 * Staff operations (issue #15 items 7, 8, 9): announcements to an audience, the staff audit log and the club's
 * numbers. Every endpoint is `auth: 'staff'` under `club/staff/`.
 */

export const announcementAudiences = ['all', 'creators', 'active_7d'] as const;
export const announcementAudience = z.enum(announcementAudiences);
export type AnnouncementAudience = z.infer<typeof announcementAudience>;

/**
 * The notification type each recipient gets: `system` (club news, the default) or `promotion` (an offer, a new
 * perk). Both arrive live and through the bot where the member allowed it; the member's app marks them apart.
 */
export const announcementKinds = ['system', 'promotion'] as const;
export const announcementKind = z.enum(announcementKinds);
export type AnnouncementKind = z.infer<typeof announcementKind>;

export const STAFF_OPS_MSG = {
  linkInvalid: 'Link must start with http:// or https://',
  titleRequired: 'Enter a title',
  messageRequired: 'Enter a message',
} as const;

/** `POST staff/announcements/`: who hears it, what it says (a link is http or https only) and as which kind. */
export const announcementCreateRequest = z.strictObject({
  title: z.string({ error: STAFF_OPS_MSG.titleRequired }).trim().min(1, STAFF_OPS_MSG.titleRequired).max(120),
  message: z.string({ error: STAFF_OPS_MSG.messageRequired }).trim().min(1, STAFF_OPS_MSG.messageRequired).max(1000),
  link: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\/[^\s]+$/i, STAFF_OPS_MSG.linkInvalid)
      .nullable()
      .optional(),
  ),
  audience: announcementAudience,
  kind: announcementKind.default('system'),
});
export type AnnouncementCreateRequest = z.input<typeof announcementCreateRequest>;

/** A member as the console names them (null when the account is gone). */
export const staffActor = z.object({ id: z.uuid(), username: z.string() });
export type StaffActor = z.infer<typeof staffActor>;

/**
 * An announcement. `recipient_count` is the audience estimated when it was sent, replaced by the number of
 * notifications actually written once the job has run (`sent_at` set then; null while it is being delivered).
 */
export const announcement = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  audience: announcementAudience,
  kind: announcementKind,
  recipient_count: z.number().int(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  actor: staffActor.nullable(),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementListQuery = pageQuery;

/** `GET staff/audit-log/`: newest first, filtered by who, what and on what. */
export const auditLogQuery = pageQuery.extend({
  actor: uuid.toLowerCase().optional(),
  action: z.string().trim().max(100).optional(),
  target_type: z.string().trim().max(50).optional(),
  target_id: z.string().trim().max(100).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  actor: staffActor.nullable(),
  /** `<target type>.<verb>`: `banner.create`, `quest.hide`, `user.disable`, `announcement.send`, … */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

/** One UTC day of the club's series. */
export const staffStatsDay = z.object({
  /** `YYYY-MM-DD` (UTC). */
  date: z.string(),
  new_members: z.number().int(),
  w_paid: amountString,
  redemptions: z.number().int(),
});
export type StaffStatsDay = z.infer<typeof staffStatsDay>;

/** `GET staff/stats/`: "this week" and "7 d" are the last 7 × 24 hours; the series is the last 90 UTC days, oldest first. */
export const staffStats = z.object({
  members: z.object({ total: z.number().int(), new_7d: z.number().int(), active_7d: z.number().int() }),
  quests_live: z.number().int(),
  perks_live: z.number().int(),
  /** Sum of every member's wallet balance. */
  w_in_circulation: amountString,
  /** Quest rewards paid in the last 7 days. */
  w_paid_week: amountString,
  redemptions_week: z.number().int(),
  series: z.array(staffStatsDay),
});
export type StaffStats = z.infer<typeof staffStats>;
