import type { LiveEvent } from '@wyn/contract';
import type { Database, DbOrTx } from '../db/client.ts';
import { notifyAfterCommit } from '../events/outbox.ts';

/** The PostgreSQL channel that carries live events between the database and every server instance. */
export const LIVE_CHANNEL = 'wyn_live';

export type LiveListener = (event: LiveEvent) => void;

/**
 * Live updates for signed-in members (decision 0006). `publish` runs inside the caller's transaction and
 * the event is delivered only if that transaction commits; `subscribe` is per member and per open stream.
 * A Redis implementation would keep this interface.
 */
export interface LiveEvents {
  publish(tx: DbOrTx, userId: string, event: LiveEvent): Promise<void>;
  subscribe(userId: string, listener: LiveListener): () => void;
  /** Every event for every member, as this instance receives it (caches that key on the member). */
  subscribeAll(listener: (userId: string, event: LiveEvent) => void): () => void;
  /**
   * Hands an event to this instance's streams and caches only (no NOTIFY): for consumers that run on every
   * instance already, such as the one that closes a disabled member's streams.
   */
  deliverLocal(userId: string, event: LiveEvent): void;
  /** How many streams a member has open (to cap them). */
  count(userId: string): number;
  close(): Promise<void>;
}

type Wire = LiveEvent & { user_id: string };

/**
 * Sends a live event with NOTIFY once the caller's transaction has committed (never on rollback), to every
 * instance listening on the same database; after the commit, not in it, so members' writes do not commit one at
 * a time (events/outbox.ts, decision 0018). Stateless, so code that only holds a `tx` (notify()) can publish too.
 * The payload stays far below NOTIFY's 8000-byte limit.
 */
export async function publishLiveEvent(tx: DbOrTx, userId: string, event: LiveEvent): Promise<void> {
  const wire: Wire = { user_id: userId, ...event };
  await notifyAfterCommit(tx, LIVE_CHANNEL, JSON.stringify(wire));
}

function parse(payload: string): Wire | null {
  try {
    const v = JSON.parse(payload) as Partial<Wire>;
    return typeof v.user_id === 'string' && typeof v.type === 'string' ? (v as Wire) : null;
  } catch {
    return null;
  }
}

/** Each database handle's live events, for code (tests) that holds the handle but not the app. */
const byDatabase = new WeakMap<object, LiveEvents>();
export const liveEventsOf = (database: object): LiveEvents | undefined => byDatabase.get(database);

/** LISTEN once per process and hand each event to that member's open streams in this process. */
export async function createLiveEvents(database: Pick<Database, 'listen'>): Promise<LiveEvents> {
  const listeners = new Map<string, Set<LiveListener>>();
  const everyone = new Set<(userId: string, event: LiveEvent) => void>();
  const deliver = (userId: string, event: LiveEvent) => {
    for (const l of everyone) l(userId, event);
    for (const l of listeners.get(userId) ?? []) l(event);
  };
  const stop = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      const wire = parse(payload);
      if (!wire) return;
      const { user_id: userId, ...event } = wire;
      deliver(userId, event);
    },
    () => {
      for (const userId of listeners.keys()) deliver(userId, { type: 'resync' });
    },
  );
  const live: LiveEvents = {
    publish: publishLiveEvent,
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
      };
    },
    subscribeAll(listener) {
      everyone.add(listener);
      return () => everyone.delete(listener);
    },
    deliverLocal: deliver,
    count: (userId) => listeners.get(userId)?.size ?? 0,
    async close() {
      byDatabase.delete(database);
      listeners.clear();
      everyone.clear();
      await stop();
    },
  };
  byDatabase.set(database, live);
  return live;
}
