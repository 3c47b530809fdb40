import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  MODERATION_MSG,
  type ModerationTargetType,
  type ReportCreateResponse,
  type StaffReport,
  type StaffReportListQuery,
} from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import { messages, perks, quests, reports, users } from '../../db/schema/index.ts';
import { displayName } from '../../lib/display-name.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { violatedUniqueIndex } from '../../lib/unique-violation.ts';
import { recordStaffAction } from './audit.service.ts';
import { applyModeration, targetPreviews } from './staff-moderation.service.ts';

/**
 * Member reports (issue #15 item 5): a member reports content they can see, once while the report is open
 * (`reports_one_open_uq`); staff list them with a preview of the target and resolve them by hiding the target
 * (every open report on it is resolved with it) or dismissing one with a note.
 */

type Target = { targetType: ModerationTargetType; targetId: string };
type ReportRow = typeof reports.$inferSelect;

/**
 * The owner of a target `viewerId` can see, or 404 as its detail would answer (archived, hidden by staff, a
 * disabled or hidden member, a message the viewer neither sent nor received).
 */
async function visibleTargetOwner(db: DbOrTx, viewerId: string, { targetType, targetId }: Target): Promise<string> {
  const missing = () => notFound(MODERATION_MSG.targetNotFound);
  switch (targetType) {
    case 'quest': {
      const [q] = await db.select().from(quests).where(eq(quests.id, targetId)).limit(1);
      if (!q || q.isHidden || q.status === 'hidden' || q.hiddenByStaff) throw missing();
      return q.creatorId ?? '';
    }
    case 'perk': {
      const [p] = await db.select().from(perks).where(eq(perks.id, targetId)).limit(1);
      if (!p || p.isHidden || p.status === 'hidden' || p.hiddenByStaff) throw missing();
      return p.creatorId ?? '';
    }
    case 'profile': {
      const [u] = await db.select().from(users).where(eq(users.id, targetId)).limit(1);
      if (!u || !u.isActive || u.isHidden || u.hiddenByStaff) throw missing();
      return u.id;
    }
    case 'message': {
      const [m] = await db.select().from(messages).where(eq(messages.id, targetId)).limit(1);
      if (!m || (m.senderId !== viewerId && m.receiverId !== viewerId)) throw missing();
      if (m.hiddenByStaff && m.receiverId === viewerId) throw missing();
      return m.senderId;
    }
  }
}

/** `POST club/reports/`. */
export async function createReport(
  db: DbOrTx,
  reporterId: string,
  input: Target & { reason: string },
): Promise<ReportCreateResponse> {
  const owner = await visibleTargetOwner(db, reporterId, input);
  if (owner === reporterId) throw badRequest(MODERATION_MSG.reportOwn, undefined, 'report_own');
  try {
    const [row] = await db
      .insert(reports)
      .values({ reporterId, targetType: input.targetType, targetId: input.targetId, reason: input.reason })
      .returning();
    const r = row!;
    return {
      detail: MODERATION_MSG.reportSent,
      id: r.id,
      target_type: r.targetType,
      target_id: r.targetId,
      status: r.status,
      created_at: r.createdAt.toISOString(),
    };
  } catch (err) {
    if (violatedUniqueIndex(err) === 'reports_one_open_uq')
      throw conflict(MODERATION_MSG.reportDuplicate, 'report_duplicate');
    throw err;
  }
}

/** Reports as the console lists them: reporter, resolver, target preview and the open reports on the target. */
async function toStaffReports(db: DbOrTx, rows: ReportRow[]): Promise<StaffReport[]> {
  if (!rows.length) return [];
  const preview = await targetPreviews(db, rows);
  const people = [...new Set(rows.flatMap((r) => [r.reporterId, r.resolvedById]).filter((v): v is string => !!v))];
  const byId = new Map(
    (await db.select().from(users).where(inArray(users.id, people))).map((u) => [
      u.id,
      { id: u.id, username: u.username, name: displayName(u) },
    ]),
  );
  const targetIds = [...new Set(rows.map((r) => r.targetId))];
  const open = await db
    .select({ type: reports.targetType, id: reports.targetId, n: count() })
    .from(reports)
    .where(and(eq(reports.status, 'open'), inArray(reports.targetId, targetIds)))
    .groupBy(reports.targetType, reports.targetId);
  const openOf = new Map(open.map((o) => [`${o.type}:${o.id}`, o.n]));
  return rows.map((r) => ({
    id: r.id,
    target_type: r.targetType,
    target_id: r.targetId,
    reason: r.reason,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    reporter: byId.get(r.reporterId) ?? null,
    target: preview(r),
    open_reports_on_target: openOf.get(`${r.targetType}:${r.targetId}`) ?? 0,
    resolution_action: r.resolutionAction,
    resolution_note: r.resolutionNote,
    resolved_by: r.resolvedById ? (byId.get(r.resolvedById) ?? null) : null,
    resolved_at: r.resolvedAt?.toISOString() ?? null,
  }));
}

/** `GET staff/reports/`: newest first, by status (open by default; `all`) and target type. */
export async function listReports(db: DbOrTx, q: StaffReportListQuery & { page: number; page_size: number }) {
  const { limit, offset } = pageWindow(q);
  const parts: SQL[] = [];
  if (q.status && q.status !== 'all') parts.push(eq(reports.status, q.status));
  if (q.target_type) parts.push(eq(reports.targetType, q.target_type));
  const where = parts.length ? and(...parts) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  return { rows: await toStaffReports(db, rows), count: total?.n ?? 0 };
}

/**
 * `POST staff/reports/{id}/resolve/`: `hide` hides the target (its reason: the note, else the report's reason)
 * and resolves every open report on it, as one `<type>.hide` audit entry naming the report; `dismiss` closes
 * this report with the note (`report.dismiss`). A report already handled is a 409.
 */
export async function resolveReport(
  db: DbOrTx,
  actorId: string,
  reportId: string,
  input: { action: 'hide' | 'dismiss'; note: string },
  now: Date,
) {
  const { resolved, row } = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(reports).where(eq(reports.id, reportId)).limit(1).for('update');
    if (!r) throw notFound(MODERATION_MSG.reportNotFound);
    if (r.status !== 'open') throw conflict(MODERATION_MSG.reportNotOpen, 'report_not_open');
    if (input.action === 'hide') {
      const m = await applyModeration(
        tx,
        actorId,
        { targetType: r.targetType, targetId: r.targetId, action: 'hide', reason: input.note || r.reason },
        now,
        { report_id: r.id },
      );
      const [after] = await tx.select().from(reports).where(eq(reports.id, r.id));
      return { resolved: m.resolved_reports, row: after! };
    }
    const [after] = await tx
      .update(reports)
      .set({ status: 'dismissed', resolutionNote: input.note || null, resolvedById: actorId, resolvedAt: now })
      .where(eq(reports.id, r.id))
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'report.dismiss',
      targetType: 'report',
      targetId: r.id,
      before: { status: r.status },
      after: { status: 'dismissed', note: input.note || null, target_type: r.targetType, target_id: r.targetId },
    });
    return { resolved: 1, row: after! };
  });
  const [report] = await toStaffReports(db, [row]);
  return {
    detail: input.action === 'hide' ? MODERATION_MSG.reportResolved : MODERATION_MSG.reportDismissed,
    report: report!,
    resolved_reports: resolved,
  };
}
