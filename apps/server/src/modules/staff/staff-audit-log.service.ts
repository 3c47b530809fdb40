import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditLogEntry, PageQuery } from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { staffAuditLog, users } from '../../db/schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { pageWindow } from '../../lib/pagination.ts';

export type AuditLogFilter = PageQuery & {
  actor?: string | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
};

/**
 * `GET staff/audit-log/` (issue #15 item 8): newest first (id breaks ties within a transaction), each filter
 * an exact match served by one of the log's indexes. The actor is named as members are everywhere; an actor
 * whose account is gone shows as null (the log has no foreign key: history outlives the account).
 */
export async function listAuditLog(db: DbOrTx, q: AuditLogFilter): Promise<{ rows: AuditLogEntry[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const a = staffAuditLog;
  const filters: SQL[] = [];
  if (q.actor) filters.push(eq(a.actorId, q.actor));
  if (q.action) filters.push(eq(a.action, q.action));
  if (q.target_type) filters.push(eq(a.targetType, q.target_type));
  if (q.target_id) filters.push(eq(a.targetId, q.target_id));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: a,
        user: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          tgUsername: users.tgUsername,
        },
      })
      .from(a)
      .leftJoin(users, eq(users.id, a.actorId))
      .where(where)
      .orderBy(desc(a.createdAt), desc(a.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(a).where(where),
  ]);
  return {
    rows: rows.map(({ entry, user }) => ({
      id: entry.id,
      actor: user ? { id: user.id, username: displayName(user) } : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      created_at: entry.createdAt.toISOString(),
    })),
    count: total?.n ?? 0,
  };
}
