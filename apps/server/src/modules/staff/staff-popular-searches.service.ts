import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  STAFF_CONTENT_MSG,
  type PageQuery,
  type StaffPopularSearch,
  type StaffPopularSearchUpdate,
} from '@wyn/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { popularSearches } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { popularTerm } from '../explore/explore.service.ts';
import { recordStaffAction } from './audit.service.ts';
import { escapeLike } from '../tags/tags.service.ts';

/**
 * Popular searches (issue #15 item 3): the terms counted from real searches beside the ones staff curate.
 * A curated term is `is_promoted` (explore lists those first, by order); a suppressed term is kept out of
 * explore's list but still counted. There is no separate "added by staff" column, so curated means promoted:
 * deleting is for those; a term only counted from searches is suppressed instead (its count would come back
 * with the next search anyway).
 */

type Row = typeof popularSearches.$inferSelect;

export function toStaffPopularSearch(r: Row): StaffPopularSearch {
  return {
    id: r.id,
    search_term: r.searchTerm,
    search_count: r.searchCount,
    is_promoted: r.isPromoted,
    is_suppressed: r.isSuppressed,
    order: r.order,
    source: r.isPromoted ? 'curated' : 'computed',
  };
}

const snapshot = (r: Row) => {
  const { id: _id, ...rest } = toStaffPopularSearch(r);
  void _id;
  return rest;
};

export async function listStaffPopularSearches(
  db: Db,
  q: PageQuery & {
    source?: 'curated' | 'computed' | undefined;
    suppressed?: boolean | undefined;
    q?: string | undefined;
  },
): Promise<{ rows: StaffPopularSearch[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const conditions: SQL[] = [];
  if (q.source) conditions.push(eq(popularSearches.isPromoted, q.source === 'curated'));
  if (q.suppressed !== undefined) conditions.push(eq(popularSearches.isSuppressed, q.suppressed));
  if (q.q) conditions.push(ilike(popularSearches.searchTerm, `%${escapeLike(q.q)}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(popularSearches)
      .where(where)
      // As explore ranks them: curated first by their order, then by how often members searched.
      .orderBy(
        desc(popularSearches.isPromoted),
        asc(sql`case when ${popularSearches.isPromoted} then ${popularSearches.order} else 0 end`),
        desc(popularSearches.searchCount),
        asc(popularSearches.searchTerm),
        asc(popularSearches.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(popularSearches).where(where),
  ]);
  return { rows: rows.map(toStaffPopularSearch), count: total?.n ?? 0 };
}

async function lock(tx: DbOrTx, id: string): Promise<Row> {
  const [row] = await tx.select().from(popularSearches).where(eq(popularSearches.id, id)).for('update');
  if (!row) throw notFound(STAFF_CONTENT_MSG.popularSearchNotFound);
  return row;
}

/**
 * Adds a curated term, written as explore counts it (trimmed, single spaces, lower case) so members'
 * searches add to it; a term already counted is promoted instead, keeping its count.
 */
export async function createPopularSearch(
  db: Db,
  actorId: string,
  body: { search_term: string; order?: number | undefined },
): Promise<StaffPopularSearch> {
  const term = popularTerm(body.search_term);
  return db.transaction(async (tx) => {
    const order =
      body.order ??
      (await tx
        .select({ next: sql<number>`coalesce(max(${popularSearches.order}) + 1, 0)::int` })
        .from(popularSearches)
        .where(eq(popularSearches.isPromoted, true))
        .then((r) => r[0]?.next ?? 0));
    const [before] = await tx
      .select()
      .from(popularSearches)
      .where(sql`lower(${popularSearches.searchTerm}) = lower(${term})`)
      .for('update');
    // (A member's search counting the same term at this moment waits on the row lock, or, for a new term,
    // meets the unique index and the staff call answers 409: rare, and repeating it promotes the counted row.)
    const [row] = before
      ? await tx
          .update(popularSearches)
          .set({ isPromoted: true, isSuppressed: false, order })
          .where(eq(popularSearches.id, before.id))
          .returning()
      : await tx
          .insert(popularSearches)
          .values({ searchTerm: term, isPromoted: true, isSuppressed: false, order })
          .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'popular_search.create',
      targetType: 'popular_search',
      targetId: row!.id,
      before: before ? snapshot(before) : null,
      after: snapshot(row!),
    });
    return toStaffPopularSearch(row!);
  });
}

export async function updatePopularSearch(
  db: Db,
  actorId: string,
  id: string,
  body: StaffPopularSearchUpdate,
): Promise<StaffPopularSearch> {
  return db.transaction(async (tx) => {
    const before = await lock(tx, id);
    const [row] = await tx
      .update(popularSearches)
      .set({
        ...(body.order !== undefined ? { order: body.order } : {}),
        ...(body.is_promoted !== undefined ? { isPromoted: body.is_promoted } : {}),
        ...(body.is_suppressed !== undefined ? { isSuppressed: body.is_suppressed } : {}),
      })
      .where(eq(popularSearches.id, id))
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'popular_search.update',
      targetType: 'popular_search',
      targetId: id,
      before: snapshot(before),
      after: snapshot(row!),
    });
    return toStaffPopularSearch(row!);
  });
}

export async function deletePopularSearch(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lock(tx, id);
    if (!before.isPromoted) throw conflict(STAFF_CONTENT_MSG.computedNotDeletable);
    await tx.delete(popularSearches).where(eq(popularSearches.id, id));
    await recordStaffAction(tx, {
      actorId,
      action: 'popular_search.delete',
      targetType: 'popular_search',
      targetId: id,
      before: snapshot(before),
    });
  });
}
