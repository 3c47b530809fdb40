import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import {
  STAFF_CONTENT_MSG,
  type ExploreCategory,
  type ExploreContentType,
  type PageQuery,
  type StaffCategoryCreate,
  type StaffCategoryUpdate,
} from '@wyn/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { exploreCategories } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { toCategory } from '../explore/explore.service.ts';
import { recordStaffAction } from './audit.service.ts';
import { escapeLike } from '../tags/tags.service.ts';

/**
 * Explore categories for quests and for perks (issue #15 item 3). Explore lists the active ones in this
 * order, read from the same table on every request (no cache), so a change shows on the next read.
 */

type Row = typeof exploreCategories.$inferSelect;
const snapshot = (r: Row) => {
  const { id: _id, ...rest } = toCategory(r);
  void _id;
  return rest;
};

export async function listStaffCategories(
  db: Db,
  q: PageQuery & { content_type?: ExploreContentType | undefined; q?: string | undefined },
): Promise<{ rows: ExploreCategory[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const where = and(
    q.content_type ? eq(exploreCategories.contentType, q.content_type) : undefined,
    q.q ? ilike(exploreCategories.title, `%${escapeLike(q.q)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(exploreCategories)
      .where(where)
      .orderBy(asc(exploreCategories.order), asc(exploreCategories.title), asc(exploreCategories.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(exploreCategories).where(where),
  ]);
  return { rows: rows.map(toCategory), count: total?.n ?? 0 };
}

async function lock(tx: DbOrTx, id: string): Promise<Row> {
  const [row] = await tx.select().from(exploreCategories).where(eq(exploreCategories.id, id)).for('update');
  if (!row) throw notFound(STAFF_CONTENT_MSG.categoryNotFound);
  return row;
}

export async function createCategory(db: Db, actorId: string, body: StaffCategoryCreate): Promise<ExploreCategory> {
  return db.transaction(async (tx) => {
    const order =
      body.order ??
      (await tx
        .select({ next: sql<number>`coalesce(max(${exploreCategories.order}) + 1, 0)::int` })
        .from(exploreCategories)
        .where(eq(exploreCategories.contentType, body.content_type))
        .then((r) => r[0]?.next ?? 0));
    const [row] = await tx
      .insert(exploreCategories)
      .values({
        title: body.title,
        description: body.description,
        icon: body.icon,
        contentType: body.content_type,
        filterCriteria: body.filter_criteria,
        order,
        isActive: body.is_active,
      })
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'category.create',
      targetType: 'category',
      targetId: row!.id,
      after: snapshot(row!),
    });
    return toCategory(row!);
  });
}

export async function updateCategory(
  db: Db,
  actorId: string,
  id: string,
  body: StaffCategoryUpdate,
): Promise<ExploreCategory> {
  return db.transaction(async (tx) => {
    const before = await lock(tx, id);
    const [row] = await tx
      .update(exploreCategories)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.icon !== undefined ? { icon: body.icon } : {}),
        ...(body.content_type !== undefined ? { contentType: body.content_type } : {}),
        ...(body.filter_criteria !== undefined ? { filterCriteria: body.filter_criteria } : {}),
        ...(body.order !== undefined ? { order: body.order } : {}),
        ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      })
      .where(eq(exploreCategories.id, id))
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'category.update',
      targetType: 'category',
      targetId: id,
      before: snapshot(before),
      after: snapshot(row!),
    });
    return toCategory(row!);
  });
}

export async function deleteCategory(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lock(tx, id);
    await tx.delete(exploreCategories).where(eq(exploreCategories.id, id));
    await recordStaffAction(tx, {
      actorId,
      action: 'category.delete',
      targetType: 'category',
      targetId: id,
      before: snapshot(before),
    });
  });
}
