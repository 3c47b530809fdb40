import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './users.ts';

/** The operator console's records (issue #15): member reports, the staff audit log, announcements, views. */

export const reportTargetTypes = ['quest', 'perk', 'profile', 'message'] as const;
export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;

/** A member's report of content; one open report per member and target. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    /** The moderation action that resolved it ('hide', 'unhide'), null when dismissed or open. */
    resolutionAction: text('resolution_action'),
    resolutionNote: text('resolution_note'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: tstz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_one_open_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Every staff action, append-only (a trigger refuses UPDATE and DELETE, as for the ledger). */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: history outlives the account (and a cascade would be an UPDATE the trigger refuses).
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_audit_log_created_idx').on(t.createdAt),
    index('staff_audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('staff_audit_log_action_idx').on(t.action, t.createdAt),
    index('staff_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

export const announcementAudiences = ['all', 'creators', 'active_7d'] as const;
/** The notification type each recipient gets: `system` (club news) or `promotion` (an offer, a new perk). */
export const announcementKinds = ['system', 'promotion'] as const;

/** A staff announcement; its notifications are written by a job, which fills in the recipient count. */
export const announcements = pgTable('announcements', {
  id: id(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  message: text('message').notNull(),
  link: text('link'),
  audience: text('audience', { enum: announcementAudiences }).notNull(),
  kind: text('kind', { enum: announcementKinds }).notNull().default('system'),
  recipientCount: integer('recipient_count').notNull().default(0),
  sentAt: tstz('sent_at'),
  createdAt: createdAt(),
});

/** One view per member, item and UTC day (creator analytics). */
export const contentViews = pgTable(
  'content_views',
  {
    targetType: text('target_type', { enum: ['quest', 'perk'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId, t.userId, t.day] }),
    index('content_views_target_day_idx').on(t.targetType, t.targetId, t.day),
  ],
);
