import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';

/**
 * Domain events, written in the same transaction as the change they report (docs/decisions/0009). A row
 * exists exactly when its change committed; `dispatched_at` is set once every durable consumer has run or
 * been queued, so the sweeper hands the rest (a process that died after its commit) to the job queue.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: id(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    dispatchedAt: tstz('dispatched_at'),
  },
  (t) => [
    index('outbox_events_undispatched_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

/**
 * Which durable consumer has handled which event. Inserted in the consumer's own transaction with its
 * writes, so a retry (a crash, a second instance, the queue after the in-process run) does nothing twice.
 */
export const processedEvents = pgTable(
  'processed_events',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    consumer: text('consumer').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.consumer] })],
);
