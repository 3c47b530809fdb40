import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { uuidArray } from '../../lib/uuid-array.ts';
import type { LiveEvents } from '../../integrations/live-events.ts';

/** How long an instance trusts what it last read: a disabled account is refused within this, at the latest. */
export const ACCOUNT_STATUS_TTL_MS = 2_000;
const MAX_ENTRIES = 50_000;
/** At most this many ids in one status query. */
const READ_BATCH = 500;

export type AccountStatus = {
  /** Whether the account may use its session now (exists and `is_active`). */
  isActive(userId: string): Promise<boolean>;
  /** Whether the account holds the staff right now: read every time, so a revoked right stops at once. */
  isStaff(userId: string): Promise<boolean>;
  close(): void;
};

/**
 * Whether a signed-in account is still allowed in, on every authenticated call (issue #12 item 8). Access
 * tokens live 15 minutes; without this a disabled account kept working until its token expired. Reads are
 * cached per instance for a moment so hot reads do not pay a query each; the `account_disabled` live
 * event, which reaches every instance at commit, drops the entry at once.
 */
export function createAccountStatus(db: DbOrTx, live: LiveEvents, now: () => number = Date.now): AccountStatus {
  const cache = new Map<string, { active: boolean; at: number }>();
  const stop = live.subscribeAll((userId, event) => {
    if (event.type === 'account_disabled') cache.delete(userId);
  });
  /**
   * The members whose status is being read, each with who waits for it. Misses that arrive together (requests
   * read from the sockets in the same turn of the event loop: a flash sale's first requests from a thousand
   * members) are read in one query instead of one each.
   */
  let waiting: Map<string, Array<{ resolve: (active: boolean) => void; reject: (err: unknown) => void }>> | null = null;
  const readWaiting = async () => {
    const batch = waiting!;
    waiting = null;
    const ids = [...batch.keys()];
    try {
      const found = new Map<string, boolean>();
      for (let i = 0; i < ids.length; i += READ_BATCH) {
        const { rows } = (await db.execute(sql`select id::text as id, is_active as active from ${users}
          where id = any(${uuidArray(ids.slice(i, i + READ_BATCH))})`)) as unknown as {
          rows: Array<{ id: string; active: boolean }>;
        };
        for (const r of rows) found.set(r.id, r.active === true);
      }
      if (cache.size + ids.length > MAX_ENTRIES) cache.clear();
      const at = now();
      for (const [id, waiters] of batch) {
        const active = found.get(id) ?? false;
        cache.set(id, { active, at });
        for (const w of waiters) w.resolve(active);
      }
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  };
  return {
    isActive(userId) {
      const hit = cache.get(userId);
      if (hit && now() - hit.at < ACCOUNT_STATUS_TTL_MS) return Promise.resolve(hit.active);
      return new Promise<boolean>((resolve, reject) => {
        if (!waiting) {
          waiting = new Map();
          setImmediate(() => void readWaiting());
        }
        const waiters = waiting.get(userId);
        if (waiters) waiters.push({ resolve, reject });
        else waiting.set(userId, [{ resolve, reject }]);
      });
    },
    async isStaff(userId) {
      const [row] = await db
        .select({ staff: users.isStaff, active: users.isActive })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.staff === true && row.active;
    },
    close: stop,
  };
}
