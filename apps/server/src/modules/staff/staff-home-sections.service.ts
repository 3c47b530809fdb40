import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  STAFF_CONTENT_MSG,
  type FeaturedPlacement,
  type PageQuery,
  type PinnedItem,
  type PinnedItemType,
  type SectionType,
  type StaffFeaturedList,
  type StaffHomeSection,
  type StaffHomeSectionCreate,
  type StaffHomeSectionUpdate,
} from '@wyn/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { featuredItems, homeSectionItems, homeSections, perks, quests, users } from '../../db/schema/index.ts';
import { recordEvent } from '../../events/outbox.ts';
import { displayName } from '../../lib/display-name.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageWindow } from '../../lib/pagination.ts';
import { visiblePerk, visibleQuest, visibleUser } from '../home/cards.service.ts';
import { recordStaffAction } from './audit.service.ts';

/**
 * Home's carousels and the featured lists as staff shape them (issue #15 item 2). Home (home.service.ts)
 * shows active sections in order, each with its pinned items that members can still see, or the newest when
 * none is pinned; every change records an event on which the home cache recomputes.
 */

type SectionRow = typeof homeSections.$inferSelect;
type Ref = { type: PinnedItemType; id: string; order: number };

const itemTypeOf: Record<SectionType, PinnedItemType> = {
  task_carousel: 'quest',
  perk_carousel: 'perk',
  user_carousel: 'user',
};
const typeLabel: Record<PinnedItemType, string> = { quest: 'quest', perk: 'perk', user: 'member' };

const refOf = (r: { questId: string | null; perkId: string | null; userId: string | null; order: number }): Ref =>
  r.questId
    ? { type: 'quest', id: r.questId, order: r.order }
    : r.perkId
      ? { type: 'perk', id: r.perkId, order: r.order }
      : { type: 'user', id: r.userId!, order: r.order };

const targetOf = (ref: { type: PinnedItemType; id: string }) => ({
  questId: ref.type === 'quest' ? ref.id : null,
  perkId: ref.type === 'perk' ? ref.id : null,
  userId: ref.type === 'user' ? ref.id : null,
});

type Known = Map<string, { title: string; visible: boolean }>;
const keyOf = (r: { type: PinnedItemType; id: string }) => `${r.type}:${r.id}`;

/** Titles and whether members see each one now, in three queries at most. */
async function lookup(db: DbOrTx, now: Date, refs: Ref[]): Promise<Known> {
  const of = (type: PinnedItemType) => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
  const [q, p, u] = await Promise.all([
    of('quest').length
      ? db
          .select({ id: quests.id, title: quests.title, visible: sql<boolean>`(${visibleQuest(now)})` })
          .from(quests)
          .where(inArray(quests.id, of('quest')))
      : [],
    of('perk').length
      ? db
          .select({ id: perks.id, title: perks.title, visible: sql<boolean>`(${visiblePerk()})` })
          .from(perks)
          .where(inArray(perks.id, of('perk')))
      : [],
    of('user').length
      ? db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            username: users.username,
            tgUsername: users.tgUsername,
            visible: sql<boolean>`(${visibleUser()})`,
          })
          .from(users)
          .where(inArray(users.id, of('user')))
      : [],
  ]);
  return new Map([
    ...q.map((r) => [`quest:${r.id}`, { title: r.title, visible: r.visible }] as const),
    ...p.map((r) => [`perk:${r.id}`, { title: r.title, visible: r.visible }] as const),
    ...u.map((r) => [`user:${r.id}`, { title: displayName(r), visible: r.visible }] as const),
  ]);
}

const toPinned = (refs: Ref[], known: Known): PinnedItem[] =>
  refs
    .slice()
    .sort((a, b) => a.order - b.order)
    .map((r) => {
      const k = known.get(keyOf(r));
      return {
        item_type: r.type,
        item_id: r.id,
        title: k?.title ?? null,
        is_visible: k?.visible ?? false,
        order: r.order,
      };
    });

const describe = async (db: DbOrTx, now: Date, refs: Ref[]) => toPinned(refs, await lookup(db, now, refs));

/**
 * Refuses ids that do not exist or are of another kind than `expected` (per position: `items.2`), so a
 * pin never silently disappears from Home.
 */
async function checkTargets(db: DbOrTx, refs: { type: PinnedItemType; id: string }[], field: string) {
  if (!refs.length) return;
  const all = [...new Set(refs.map((r) => r.id))];
  const [q, p, u] = await Promise.all([
    db.select({ id: quests.id }).from(quests).where(inArray(quests.id, all)),
    db.select({ id: perks.id }).from(perks).where(inArray(perks.id, all)),
    db.select({ id: users.id }).from(users).where(inArray(users.id, all)),
  ]);
  const kinds = new Map<string, PinnedItemType>();
  for (const r of u) kinds.set(r.id, 'user');
  for (const r of p) kinds.set(r.id, 'perk');
  for (const r of q) kinds.set(r.id, 'quest');
  const errors: Record<string, string[]> = {};
  refs.forEach((r, i) => {
    const kind = kinds.get(r.id);
    if (kind === r.type) return;
    errors[`${field}.${i}`] = [
      kind
        ? `${STAFF_CONTENT_MSG.itemWrongType}: ${r.id} is a ${typeLabel[kind]}, not a ${typeLabel[r.type]}`
        : `${STAFF_CONTENT_MSG.itemMissing}: no ${typeLabel[r.type]} ${r.id}`,
    ];
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw badRequest(first, errors);
}

async function itemsOf(db: DbOrTx, sectionIds: string[]) {
  return sectionIds.length
    ? db.select().from(homeSectionItems).where(inArray(homeSectionItems.sectionId, sectionIds))
    : [];
}

async function toStaffSections(db: DbOrTx, now: Date, rows: SectionRow[]): Promise<StaffHomeSection[]> {
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  const known = await lookup(db, now, items.map(refOf));
  return rows.map((s) => ({
    id: s.id,
    title: s.title,
    section_type: s.sectionType,
    order: s.order,
    is_active: s.isActive,
    items: toPinned(items.filter((i) => i.sectionId === s.id).map(refOf), known),
    created_at: s.createdAt.toISOString(),
  }));
}

const snapshot = (s: SectionRow) => ({
  title: s.title,
  section_type: s.sectionType,
  order: s.order,
  is_active: s.isActive,
});

export async function listStaffSections(
  db: Db,
  now: Date,
  q: PageQuery,
): Promise<{ rows: StaffHomeSection[]; count: number }> {
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(homeSections)
      .orderBy(asc(homeSections.order), asc(homeSections.createdAt), asc(homeSections.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(homeSections),
  ]);
  return { rows: await toStaffSections(db, now, rows), count: total?.n ?? 0 };
}

async function lockSection(tx: DbOrTx, id: string): Promise<SectionRow> {
  const [row] = await tx.select().from(homeSections).where(eq(homeSections.id, id)).for('update');
  if (!row) throw notFound(STAFF_CONTENT_MSG.sectionNotFound);
  return row;
}

export async function createSection(
  db: Db,
  actorId: string,
  now: Date,
  body: StaffHomeSectionCreate,
): Promise<StaffHomeSection> {
  return db.transaction(async (tx) => {
    const order =
      body.order ??
      (await tx
        .select({ next: sql<number>`coalesce(max(${homeSections.order}) + 1, 0)::int` })
        .from(homeSections)
        .then((r) => r[0]?.next ?? 0));
    const [row] = await tx
      .insert(homeSections)
      .values({ title: body.title, sectionType: body.section_type, order, isActive: body.is_active })
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'home_section.create',
      targetType: 'home_section',
      targetId: row!.id,
      after: snapshot(row!),
    });
    await recordEvent(tx, { type: 'home_section.changed', payload: { sectionId: row!.id } });
    return (await toStaffSections(tx, now, [row!]))[0]!;
  });
}

export async function updateSection(
  db: Db,
  actorId: string,
  now: Date,
  id: string,
  body: StaffHomeSectionUpdate,
): Promise<StaffHomeSection> {
  return db.transaction(async (tx) => {
    const before = await lockSection(tx, id);
    const [row] = await tx
      .update(homeSections)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.order !== undefined ? { order: body.order } : {}),
        ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      })
      .where(eq(homeSections.id, id))
      .returning();
    await recordStaffAction(tx, {
      actorId,
      action: 'home_section.update',
      targetType: 'home_section',
      targetId: id,
      before: snapshot(before),
      after: snapshot(row!),
    });
    await recordEvent(tx, { type: 'home_section.changed', payload: { sectionId: id } });
    return (await toStaffSections(tx, now, [row!]))[0]!;
  });
}

export async function deleteSection(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockSection(tx, id);
    const pins = await itemsOf(tx, [id]);
    await tx.delete(homeSections).where(eq(homeSections.id, id)); // its items go with it (cascade)
    await recordStaffAction(tx, {
      actorId,
      action: 'home_section.delete',
      targetType: 'home_section',
      targetId: id,
      before: { ...snapshot(before), items: pins.map(refOf).map((r) => ({ item_type: r.type, item_id: r.id })) },
    });
    await recordEvent(tx, { type: 'home_section.changed', payload: { sectionId: id } });
  });
}

/** Replaces the section's pinned items with `itemIds`, in that order (of the kind the section shows). */
export async function setSectionItems(
  db: Db,
  actorId: string,
  now: Date,
  id: string,
  itemIds: string[],
): Promise<StaffHomeSection> {
  return db.transaction(async (tx) => {
    const section = await lockSection(tx, id);
    const type = itemTypeOf[section.sectionType];
    const refs = itemIds.map((itemId) => ({ type, id: itemId }));
    await checkTargets(tx, refs, 'item_ids');
    const before = (await itemsOf(tx, [id])).map(refOf).sort((a, b) => a.order - b.order);
    await tx.delete(homeSectionItems).where(eq(homeSectionItems.sectionId, id));
    if (refs.length)
      await tx.insert(homeSectionItems).values(refs.map((r, order) => ({ sectionId: id, order, ...targetOf(r) })));
    await recordStaffAction(tx, {
      actorId,
      action: 'home_section.items',
      targetType: 'home_section',
      targetId: id,
      before: { item_ids: before.map((r) => r.id) },
      after: { item_ids: itemIds },
    });
    await recordEvent(tx, { type: 'home_section.changed', payload: { sectionId: id } });
    return (await toStaffSections(tx, now, [section]))[0]!;
  });
}

// ---------------------------------------------------------------- featured items and top picks

async function featuredRefs(db: DbOrTx, placement: FeaturedPlacement): Promise<Ref[]> {
  const rows = await db
    .select()
    .from(featuredItems)
    .where(eq(featuredItems.placement, placement))
    .orderBy(asc(featuredItems.order), asc(featuredItems.createdAt), asc(featuredItems.id));
  // Positions as Home reads them (equal orders keep their creation order).
  return rows.map((r, i) => ({ ...refOf(r), order: i }));
}

export async function listFeatured(db: Db, now: Date, placement: FeaturedPlacement): Promise<StaffFeaturedList> {
  return { placement, items: await describe(db, now, await featuredRefs(db, placement)) };
}

/** Replaces the featured list (or the top picks: quests and perks only) with `items`, in that order. */
export async function setFeatured(
  db: Db,
  actorId: string,
  now: Date,
  placement: FeaturedPlacement,
  items: { item_type: PinnedItemType; item_id: string }[],
): Promise<StaffFeaturedList> {
  if (placement === 'top_pick') {
    const i = items.findIndex((it) => it.item_type === 'user');
    if (i >= 0)
      throw badRequest('Top picks are quests and perks', { [`items.${i}`]: ['Top picks are quests and perks'] });
  }
  return db.transaction(async (tx) => {
    // One writer at a time per list: two concurrent replacements would otherwise interleave their rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`featured:${placement}`}))`);
    const refs = items.map((it) => ({ type: it.item_type, id: it.item_id }));
    await checkTargets(tx, refs, 'items');
    const before = await featuredRefs(tx, placement);
    await tx.delete(featuredItems).where(eq(featuredItems.placement, placement));
    if (refs.length)
      await tx.insert(featuredItems).values(refs.map((r, order) => ({ placement, order, ...targetOf(r) })));
    await recordStaffAction(tx, {
      actorId,
      action: 'featured.set',
      targetType: 'featured',
      targetId: null,
      before: { placement, items: before.map((r) => ({ item_type: r.type, item_id: r.id })) },
      after: { placement, items },
    });
    await recordEvent(tx, { type: 'featured.changed', payload: { placement } });
    return {
      placement,
      items: await describe(
        tx,
        now,
        refs.map((r, order) => ({ ...r, order })),
      ),
    };
  });
}
