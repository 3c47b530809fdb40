import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contentViews } from '../../db/schema/index.ts';

export type ViewTarget = 'quest' | 'perk';

/** Views buffered before a write; a busy instance writes at most this many rows per statement. */
const MAX_BUFFER = 500;

export interface ViewRecorder {
  /** Notes that `viewerId` opened the item today (UTC); nothing for its creator. Never waits, never throws. */
  record(target: ViewTarget, targetId: string, creatorId: string | null, viewerId: string, now: Date): void;
  /** Writes what is buffered (tests, and the app's close). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Creator analytics' views (issue #15 item 13): one row per member, item and UTC day, written off the detail
 * read's path. The detail answers first; views are buffered (deduplicated in memory) and written in one
 * `insert … on conflict do nothing` per batch, every `intervalMs` or when the buffer fills. A lost batch (the
 * process dies) loses a few seconds of view counts, which analytics can afford; the hot read's latency cannot.
 */
export function createViewRecorder(
  db: DbOrTx,
  log: { warn(obj: object, msg: string): void },
  opts: { intervalMs?: number } = {},
): ViewRecorder {
  let buffer = new Map<string, typeof contentViews.$inferInsert>();
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = async (): Promise<void> => {
    // One write at a time, in order: a flush waits for the one before it.
    const rows = [...buffer.values()];
    buffer = new Map();
    const previous = writing;
    writing = (async () => {
      await previous;
      if (!rows.length) return;
      try {
        await db.insert(contentViews).values(rows).onConflictDoNothing();
      } catch (err) {
        log.warn({ err, views: rows.length }, 'content views not recorded');
      }
    })();
    return writing;
  };

  const timer = setInterval(() => void flush(), opts.intervalMs ?? 2000);
  timer.unref();

  return {
    record(targetType, targetId, creatorId, userId, now) {
      if (closed || creatorId === userId) return;
      const day = now.toISOString().slice(0, 10);
      buffer.set(`${targetType}:${targetId}:${userId}:${day}`, { targetType, targetId, userId, day });
      if (buffer.size >= MAX_BUFFER) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      closed = true;
    },
  };
}

/** Views per UTC day of one item, from `from` (a `YYYY-MM-DD`) on. */
export function viewsByDaySql(targetType: ViewTarget, targetId: string, from: string) {
  return sql`select ${contentViews.day}::date as day, count(*)::int as n from ${contentViews}
    where ${contentViews.targetType} = ${targetType} and ${contentViews.targetId} = ${targetId}
      and ${contentViews.day} >= ${from}::date group by 1`;
}
