import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { LiveEvents } from '../../integrations/live-events.ts';

/** How long an instance trusts what it last read: a disabled account is refused within this, at the latest. */
export const ACCOUNT_STATUS_TTL_MS = 2_000;
const MAX_ENTRIES = 50_000;

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
  return {
    async isActive(userId) {
      const hit = cache.get(userId);
      if (hit && now() - hit.at < ACCOUNT_STATUS_TTL_MS) return hit.active;
      const [row] = await db.select({ active: users.isActive }).from(users).where(eq(users.id, userId)).limit(1);
      const active = row?.active === true;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(userId, { active, at: now() });
      return active;
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
