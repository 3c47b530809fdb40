import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Announcement, AnnouncementAudience, AnnouncementKind, PageQuery } from '@wyn/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { announcements, users } from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { sendInTransaction, type PgBoss } from '../../integrations/job-queue.ts';
import { displayName } from '../../lib/display-name.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { recordStaffAction } from './audit.service.ts';
import { activeMemberIdsSql } from './staff-stats.service.ts';

export const ANNOUNCEMENT_QUEUE = 'staff-announcement';
/** Members per `announcement.batch` event: one notifications transaction (and bot queueing) each. */
export const ANNOUNCEMENT_BATCH = 200;
const DAY_MS = 86_400_000;

type AnnouncementRow = typeof announcements.$inferSelect;
type ActorRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'username' | 'tgUsername'>;

/**
 * The audience's member ids as a subquery: every active account; creators (made a quest or perk, even one
 * archived since); members active in the last 7 days (staff-stats.service.ts says what counts as active).
 */
export function audienceIdsSql(audience: AnnouncementAudience, now: Date): SQL {
  switch (audience) {
    case 'creators':
      return sql`select u.id from users u where u.is_active and (
        exists (select 1 from quests q where q.creator_id = u.id)
        or exists (select 1 from perks p where p.creator_id = u.id))`;
    case 'active_7d':
      return activeMemberIdsSql(new Date(now.getTime() - 7 * DAY_MS));
    default:
      return sql`select u.id from users u where u.is_active`;
  }
}

async function audienceSize(db: DbOrTx, audience: AnnouncementAudience, now: Date): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as n from (${audienceIdsSql(audience, now)}) a`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(rows[0]?.n ?? 0);
}

function toDto(row: AnnouncementRow, actor: ActorRow | null): Announcement {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    link: row.link,
    audience: row.audience,
    kind: row.kind,
    recipient_count: row.recipientCount,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    actor: actor ? { id: actor.id, username: actor.username ?? displayName(actor) } : null,
  };
}

export type AnnouncementInput = {
  title: string;
  message: string;
  link?: string | null | undefined;
  audience: AnnouncementAudience;
  /** `system` when omitted. */
  kind?: AnnouncementKind | undefined;
};

/**
 * `POST staff/announcements/` (issue #15 item 7): stores the announcement with the audience counted now (an
 * estimate: members may join or go quiet before the job runs), writes its audit entry and queues its job, all
 * in one transaction; the answer does not wait for delivery (202).
 */
export async function createAnnouncement(
  db: DbOrTx,
  jobs: PgBoss,
  actorId: string,
  input: AnnouncementInput,
  now: Date,
): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const estimate = await audienceSize(tx, input.audience, now);
    const [row] = await tx
      .insert(announcements)
      .values({
        actorId,
        title: input.title,
        message: input.message,
        link: input.link ?? null,
        audience: input.audience,
        kind: input.kind ?? 'system',
        recipientCount: estimate,
      })
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'announcement.send',
      targetType: 'announcement',
      targetId: row!.id,
      after: {
        title: row!.title,
        message: row!.message,
        link: row!.link,
        audience: row!.audience,
        kind: row!.kind,
        estimate,
      },
    });
    await sendInTransaction(jobs, tx, ANNOUNCEMENT_QUEUE, { announcementId: row!.id });
    const [actor] = await tx.select().from(users).where(eq(users.id, actorId)).limit(1);
    return toDto(row!, actor ?? null);
  });
}

/**
 * The job (staff-announcements.job.ts): the audience as it is now, in batches of `ANNOUNCEMENT_BATCH`, each an
 * `announcement.batch` event that the notifications consumer turns into notifications of the announcement's kind
 * (`system` or `promotion`; live at once) and the bot consumer into messages for members who allowed them. All
 * batches and the final count commit in one transaction on the locked announcement, so a retried or repeated job
 * sends nothing twice.
 */
export async function deliverAnnouncement(db: DbOrTx, announcementId: string, now: Date): Promise<number | null> {
  return db.transaction(async (tx: Tx) => {
    const [a] = await tx.select().from(announcements).where(eq(announcements.id, announcementId)).for('update');
    if (!a || a.sentAt) return null;
    let sent = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = (await tx.execute(
        sql`select id from (${audienceIdsSql(a.audience, now)}) a where id > ${after}::uuid order by id limit ${ANNOUNCEMENT_BATCH}`,
      )) as unknown as { rows: { id: string }[] };
      if (!rows.length) break;
      const userIds = rows.map((r) => r.id);
      await recordEvent(tx, {
        type: 'announcement.batch',
        payload: { announcementId: a.id, kind: a.kind, title: a.title, message: a.message, link: a.link, userIds },
      });
      sent += userIds.length;
      after = userIds[userIds.length - 1]!;
      if (rows.length < ANNOUNCEMENT_BATCH) break;
    }
    await tx.update(announcements).set({ recipientCount: sent, sentAt: now }).where(eq(announcements.id, a.id));
    return sent;
  });
}

/** `GET staff/announcements/`: newest first. */
export async function listAnnouncements(db: DbOrTx, q: PageQuery): Promise<{ rows: Announcement[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: announcements, actor: users })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.actorId))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(announcements),
  ]);
  return { rows: rows.map((r) => toDto(r.a, r.actor)), count: total?.n ?? 0 };
}
