import { and, asc, count, eq, ilike, not, sql } from 'drizzle-orm';
import {
  STAFF_CONTENT_MSG,
  type PageQuery,
  type StaffBanner,
  type StaffBannerCreate,
  type StaffBannerUpdate,
} from '@wyn/contract';
import type { Db } from '../../db/client.ts';
import { banners } from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { liveBanner } from '../home/home.service.ts';
import { escapeLike } from '../tags/tags.service.ts';
import { recordStaffAction } from './audit.service.ts';

/**
 * Staff banners (issue #15 item 1). Home shows active banners inside their window by position
 * (home.service.ts `liveBanner`); every change records `banner.changed`, on which the home cache of every
 * instance recomputes, so Home shows it on the next read.
 */

type Row = typeof banners.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const isLive = (b: Row, now: Date) => b.isActive && (!b.startsAt || b.startsAt <= now) && (!b.endsAt || b.endsAt > now);

export function toStaffBanner(b: Row, now: Date): StaffBanner {
  return {
    id: b.id,
    title: b.title,
    description: b.description,
    image_url: b.imageUrl,
    link: b.link,
    position: b.order,
    starts_at: iso(b.startsAt),
    ends_at: iso(b.endsAt),
    is_active: b.isActive,
    is_live: isLive(b, now),
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a banner. */
const snapshot = (b: Row) => ({
  title: b.title,
  description: b.description,
  image_url: b.imageUrl,
  link: b.link,
  position: b.order,
  starts_at: iso(b.startsAt),
  ends_at: iso(b.endsAt),
  is_active: b.isActive,
});

export async function listStaffBanners(
  db: Db,
  now: Date,
  q: PageQuery & { live?: boolean | undefined; q?: string | undefined },
): Promise<{ rows: StaffBanner[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const where = and(
    q.live === undefined ? undefined : q.live ? liveBanner(now) : not(liveBanner(now)),
    q.q ? ilike(banners.title, `%${escapeLike(q.q)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(banners)
      .where(where)
      .orderBy(asc(banners.order), asc(banners.createdAt), asc(banners.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(banners).where(where),
  ]);
  return { rows: rows.map((b) => toStaffBanner(b, now)), count: total?.n ?? 0 };
}

const date = (s: string | null | undefined) => (s === undefined ? undefined : s === null ? null : new Date(s));

export async function createBanner(db: Db, actorId: string, now: Date, body: StaffBannerCreate): Promise<StaffBanner> {
  return db.transaction(async (tx) => {
    const position =
      body.position ??
      (await tx
        .select({ next: sql<number>`coalesce(max(${banners.order}) + 1, 0)::int` })
        .from(banners)
        .then((r) => r[0]?.next ?? 0));
    const [row] = await tx
      .insert(banners)
      .values({
        title: body.title,
        description: body.description ?? null,
        imageUrl: body.image_url,
        link: body.link ?? null,
        order: position,
        startsAt: date(body.starts_at) ?? null,
        endsAt: date(body.ends_at) ?? null,
        isActive: body.is_active,
      })
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'banner.create',
      targetType: 'banner',
      targetId: row!.id,
      after: snapshot(row!),
    });
    await recordEvent(tx, { type: 'banner.changed', payload: { bannerId: row!.id } });
    return toStaffBanner(row!, now);
  });
}

export async function updateBanner(
  db: Db,
  actorId: string,
  now: Date,
  id: string,
  body: StaffBannerUpdate,
): Promise<StaffBanner> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!before) throw notFound(STAFF_CONTENT_MSG.bannerNotFound);
    const startsAt = date(body.starts_at);
    const endsAt = date(body.ends_at);
    // The window is checked against what stays stored too (a new start after the stored end).
    const start = startsAt === undefined ? before.startsAt : startsAt;
    const end = endsAt === undefined ? before.endsAt : endsAt;
    if (start && end && end <= start) throw fieldError('ends_at', STAFF_CONTENT_MSG.endsBeforeStarts);
    const [row] = await tx
      .update(banners)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.image_url !== undefined ? { imageUrl: body.image_url } : {}),
        ...(body.link !== undefined ? { link: body.link } : {}),
        ...(body.position !== undefined ? { order: body.position } : {}),
        ...(startsAt !== undefined ? { startsAt } : {}),
        ...(endsAt !== undefined ? { endsAt } : {}),
        ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(banners.id, id))
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'banner.update',
      targetType: 'banner',
      targetId: id,
      before: snapshot(before),
      after: snapshot(row!),
    });
    await recordEvent(tx, { type: 'banner.changed', payload: { bannerId: id } });
    return toStaffBanner(row!, now);
  });
}

export async function deleteBanner(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!before) throw notFound(STAFF_CONTENT_MSG.bannerNotFound);
    await recordStaffAction(tx, {
      actorId,
      action: 'banner.delete',
      targetType: 'banner',
      targetId: id,
      before: snapshot(before),
    });
    await recordEvent(tx, { type: 'banner.changed', payload: { bannerId: id } });
  });
}
