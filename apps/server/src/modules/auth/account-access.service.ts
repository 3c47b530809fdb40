import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { revokeAllSessions } from './sessions.service.ts';

/**
 * Disables or re-enables an account. Disabling takes effect at once, not at token expiry: every refresh
 * token is revoked, and the `account.disabled` event (heard at commit by every instance, also when a script
 * made the change) drops the instances' cached status and closes the member's live streams
 * (`account-live.consumer.ts`); the next authenticated call is refused.
 * Returns false when nothing changed.
 */
export async function setAccountActive(db: DbOrTx, userId: string, active: boolean, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ isActive: active, updatedAt: now })
      .where(and(eq(users.id, userId), ne(users.isActive, active)))
      .returning({ id: users.id });
    if (!changed.length) return false;
    if (!active) {
      await revokeAllSessions(tx, userId, now);
      await recordEvent(tx, { type: 'account.disabled', payload: { userId } });
    }
    return true;
  });
}
