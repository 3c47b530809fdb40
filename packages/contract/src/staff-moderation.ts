import { z } from 'zod';
import { pageQuery } from './common.ts';
import { MODERATION_MSG, MODERATION_TARGET_TYPES } from './moderation-messages.ts';
import { isStorableText } from './strings.ts';

export { MODERATION_MSG, MODERATION_TARGET_TYPES, REPORTS_PER_HOUR } from './moderation-messages.ts';
export type { ModerationTargetType } from './moderation-messages.ts';

/**
 * Moderation (issue #15 item 4), member reports (item 5) and the staff members list (item 6).
 * `profile` targets are addressed by the member's id (a profile's id is its user's id).
 */

export const moderationTargetType = z.enum(MODERATION_TARGET_TYPES);

/**
 * On a quest's, a perk's and the own profile's answer: whether staff hid it and why. Only its owner sees a hidden
 * item, so for anyone else it is always `{ hidden: false, reason: null }`.
 */
export const moderationState = z.object({ hidden: z.boolean(), reason: z.string().nullable() });
export type ModerationState = z.infer<typeof moderationState>;

const note = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).refine(isStorableText, 'Contains characters not allowed');

/** `POST club/staff/moderation/`: hide (a reason is required) or unhide one item. */
export const moderationRequest = z
  .strictObject({
    target_type: moderationTargetType,
    target_id: z.uuid({ message: 'Invalid ID format' }).toLowerCase(),
    action: z.enum(['hide', 'unhide']),
    reason: note(500).default(''),
  })
  .refine((b) => b.action === 'unhide' || b.reason.length > 0, {
    message: MODERATION_MSG.reasonRequired,
    path: ['reason'],
  });
export type ModerationRequest = z.input<typeof moderationRequest>;

export const moderationResponse = z.object({
  detail: z.string(),
  target_type: moderationTargetType,
  target_id: z.uuid(),
  hidden: z.boolean(),
  reason: z.string().nullable(),
  /** Open reports on the target that a hide resolved. */
  resolved_reports: z.number().int(),
});
export type ModerationResponse = z.infer<typeof moderationResponse>;

export const reportStatus = z.enum(['open', 'resolved', 'dismissed']);
export type ReportStatus = z.infer<typeof reportStatus>;

/** `POST club/reports/`: any member reports content they can see. */
export const reportCreateRequest = z.strictObject({
  target_type: moderationTargetType,
  target_id: z.uuid({ message: 'Invalid ID format' }).toLowerCase(),
  reason: z
    .string({ error: MODERATION_MSG.reportReasonRequired })
    .trim()
    .min(1, MODERATION_MSG.reportReasonRequired)
    .max(1000, 'At most 1000 characters')
    .refine(isStorableText, 'Contains characters not allowed'),
});
export type ReportCreateRequest = z.input<typeof reportCreateRequest>;

export const reportCreateResponse = z.object({
  detail: z.string(),
  id: z.uuid(),
  target_type: moderationTargetType,
  target_id: z.uuid(),
  status: reportStatus,
  created_at: z.string(),
});
export type ReportCreateResponse = z.infer<typeof reportCreateResponse>;

export const staffMemberRef = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  name: z.string(),
});

/** What the console shows of a reported item. */
export const reportTarget = z.object({
  /** False when the item was deleted since. */
  exists: z.boolean(),
  /** A quest's or perk's title, a member's name, the start of a message. */
  preview: z.string(),
  hidden_by_staff: z.boolean(),
  hidden_reason: z.string().nullable(),
  /** The creator, the member, the sender. */
  owner: staffMemberRef.nullable(),
});

export const staffReport = z.object({
  id: z.uuid(),
  target_type: moderationTargetType,
  target_id: z.uuid(),
  reason: z.string(),
  status: reportStatus,
  created_at: z.string(),
  reporter: staffMemberRef.nullable(),
  target: reportTarget,
  /** Open reports on the same target (from anyone), this one included when open. */
  open_reports_on_target: z.number().int(),
  resolution_action: z.string().nullable(),
  resolution_note: z.string().nullable(),
  resolved_by: staffMemberRef.nullable(),
  resolved_at: z.string().nullable(),
});
export type StaffReport = z.infer<typeof staffReport>;

/** `GET club/staff/reports/`: newest first; open ones by default. */
export const staffReportListQuery = pageQuery.extend({
  status: z.enum(['open', 'resolved', 'dismissed', 'all']).default('open'),
  target_type: moderationTargetType.optional(),
});
export type StaffReportListQuery = z.input<typeof staffReportListQuery>;

/** `POST club/staff/reports/{id}/resolve/`: hide the target (resolving every open report on it) or dismiss. */
export const staffReportResolveRequest = z.strictObject({
  action: z.enum(['hide', 'dismiss']),
  /** The reason shown to the owner when hiding (the report's reason when empty); the note kept when dismissing. */
  note: note(500).default(''),
});
export type StaffReportResolveRequest = z.input<typeof staffReportResolveRequest>;

export const staffReportResolveResponse = z.object({
  detail: z.string(),
  report: staffReport,
  /** Reports this resolved (every open one on the target when hiding; 1 when dismissing). */
  resolved_reports: z.number().int(),
});
export type StaffReportResolveResponse = z.infer<typeof staffReportResolveResponse>;

export const staffUser = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  is_active: z.boolean(),
  is_staff: z.boolean(),
  date_joined: z.string(),
  hidden_by_staff: z.boolean(),
  hidden_reason: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUser>;

const boolQuery = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());

/** `GET club/staff/users/`: by name, username or e-mail; newest first. */
export const staffUserListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional(),
  is_active: boolQuery,
  is_staff: boolQuery,
});
export type StaffUserListQuery = z.input<typeof staffUserListQuery>;

/** `PATCH club/staff/users/{id}/`: disable/enable, grant/revoke staff. */
export const staffUserUpdateRequest = z
  .strictObject({ is_active: z.boolean().optional(), is_staff: z.boolean().optional() })
  .refine((b) => b.is_active !== undefined || b.is_staff !== undefined, { message: MODERATION_MSG.userUpdateEmpty });
export type StaffUserUpdateRequest = z.input<typeof staffUserUpdateRequest>;
