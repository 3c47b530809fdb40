import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { livePresence } from '../../db/schema/index.ts';
import type { Log } from '../../lib/log.ts';

/**
 * Who is connected (docs/decisions/0012): a member is connected while some instance holds a live stream of
 * theirs open. Each instance keeps one `live_presence` row per member it streams to (written when the member's
 * first stream there opens, deleted when the last one closes) and refreshes `seen_at` on all its rows every
 * `heartbeatMs`. A row counts while it was seen within `PRESENCE_TTL_SECONDS`, so an instance that died without
 * deleting its rows stops counting within that time; rows older than ten minutes are deleted by any instance.
 */
export const PRESENCE_TTL_SECONDS = 60;
export const PRESENCE_HEARTBEAT_MS = 20_000;

export type Presence = {
  /** A stream of the member opened on this instance. */
  opened(userId: string): void;
  /** A stream of the member closed on this instance. */
  closed(userId: string): void;
  /** Waits for the writes queued so far (tests). */
  settled(): Promise<void>;
  /** Removes this instance's rows and stops the heartbeat. */
  close(): Promise<void>;
};

export function createPresence(db: Db, opts: { log: Log; heartbeatMs?: number }): Presence {
  const instanceId = randomUUID();
  const streams = new Map<string, number>();
  // Writes run one after another, in the order the streams opened and closed.
  let chain: Promise<void> = Promise.resolve();
  const run = (write: () => Promise<unknown>) => {
    chain = chain.then(write).then(
      () => undefined,
      (err: unknown) => opts.log.warn({ err }, 'live presence write failed'),
    );
  };
  const heartbeat = setInterval(() => {
    if (streams.size > 0)
      run(() =>
        db
          .update(livePresence)
          .set({ seenAt: sql`now()` })
          .where(eq(livePresence.instanceId, instanceId)),
      );
    run(() => db.delete(livePresence).where(lt(livePresence.seenAt, sql`now() - interval '10 minutes'`)));
  }, opts.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    opened(userId) {
      const n = (streams.get(userId) ?? 0) + 1;
      streams.set(userId, n);
      if (n === 1)
        run(() =>
          db
            .insert(livePresence)
            .values({ instanceId, userId })
            .onConflictDoUpdate({
              target: [livePresence.instanceId, livePresence.userId],
              set: { seenAt: sql`now()` },
            }),
        );
    },
    closed(userId) {
      const n = (streams.get(userId) ?? 1) - 1;
      if (n > 0) {
        streams.set(userId, n);
        return;
      }
      streams.delete(userId);
      run(() =>
        db.delete(livePresence).where(and(eq(livePresence.instanceId, instanceId), eq(livePresence.userId, userId))),
      );
    },
    settled: () => chain,
    async close() {
      clearInterval(heartbeat);
      streams.clear();
      run(() => db.delete(livePresence).where(eq(livePresence.instanceId, instanceId)));
      await chain;
    },
  };
}

/** Whether the member has a live stream open on any instance (seen within the last minute). */
export async function isMemberConnected(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(livePresence)
    .where(
      and(
        eq(livePresence.userId, userId),
        gt(livePresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`),
      ),
    )
    .limit(1);
  return Boolean(row);
}
