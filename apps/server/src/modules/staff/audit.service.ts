import type { DbOrTx } from '../../db/client.ts';
import { staffAuditLog } from '../../db/schema/index.ts';

/**
 * The staff audit log (issue #15 item 8): every staff action writes one entry in the transaction that does it,
 * with the values before and after, so the log and the change commit or roll back together.
 */
export type StaffAction = {
  actorId: string;
  /** `banner.create`, `quest.hide`, `user.disable`, … : `<target type>.<verb>`. */
  action: string;
  targetType: string;
  targetId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export async function recordStaffAction(tx: DbOrTx, a: StaffAction): Promise<void> {
  await tx.insert(staffAuditLog).values({
    actorId: a.actorId,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    before: a.before ?? null,
    after: a.after ?? null,
  });
}
