import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  Banner,
  HomepageComplete,
  HomeSection,
  PageQuery,
  PerkCard,
  ProfileCard,
  QuestCard,
  TopPick,
} from '@wyn/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  banners,
  featuredItems,
  homeSectionItems,
  homeSections,
  perks,
  profiles,
  quests,
  users,
} from '../../db/schema/index.ts';
import { pageWindow } from '../../lib/pagination.ts';
import {
  perkCardColumns,
  profileCardColumns,
  questCardColumns,
  toPerkCard,
  toProfileCard,
  toQuestCard,
  visiblePerk,
  visibleQuest,
  visibleUser,
} from './cards.service.ts';

/** How many cards a carousel without curated items shows (newest quests/perks, most-followed members). */
export const FALLBACK_SIZE = 8;

type BannerRow = typeof banners.$inferSelect;
type SectionRow = typeof homeSections.$inferSelect;
type SectionItemRow = typeof homeSectionItems.$inferSelect;

const toBanner = (b: BannerRow): Banner => ({
  id: b.id,
  title: b.title,
  description: b.description,
  image_url: b.imageUrl,
  link: b.link,
  order: b.order,
});
const toSection = (s: SectionRow): HomeSection => ({
  id: s.id,
  title: s.title,
  section_type: s.sectionType,
  order: s.order,
});

/** Active and inside its window at `now` (either end open): the banners Home shows (staff set them, issue #15). */
export const liveBanner = (now: Date): SQL =>
  and(
    eq(banners.isActive, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, now)),
    or(isNull(banners.endsAt), gt(banners.endsAt, now)),
  )!;
const activeSections = eq(homeSections.isActive, true);
const ids = <T>(rows: T[], pick: (r: T) => string | null) => [
  ...new Set(rows.map(pick).filter((v): v is string => !!v)),
];

/**
 * Cards for the given ids (only visible ones come back) plus, when asked, the fallback list, in ONE query
 * per kind: `id in (curated) or id in (fallback subquery)`, with a marker column saying which rows are in
 * the fallback.
 */
async function loadQuestCards(db: DbOrTx, now: Date, wanted: string[], withFallback: boolean) {
  if (!wanted.length && !withFallback) return { byId: new Map<string, QuestCard>(), fallback: [] as QuestCard[] };
  const newest = db
    .select({ id: quests.id })
    .from(quests)
    .where(visibleQuest(now))
    .orderBy(desc(quests.createdAt), desc(quests.id))
    .limit(FALLBACK_SIZE);
  const rows = await db
    .select({
      ...questCardColumns,
      isFallback: withFallback ? sql<boolean>`${quests.id} in ${newest}` : sql<boolean>`false`,
    })
    .from(quests)
    .where(
      and(
        visibleQuest(now),
        withFallback ? or(inArray(quests.id, wanted), inArray(quests.id, newest)) : inArray(quests.id, wanted),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, toQuestCard(r)]));
  const fallback = rows
    .filter((r) => r.isFallback)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((r) => byId.get(r.id)!);
  return { byId, fallback };
}

async function loadPerkCards(db: DbOrTx, wanted: string[], withFallback: boolean) {
  if (!wanted.length && !withFallback) return { byId: new Map<string, PerkCard>(), fallback: [] as PerkCard[] };
  const newest = db
    .select({ id: perks.id })
    .from(perks)
    .where(visiblePerk())
    .orderBy(desc(perks.createdAt), desc(perks.id))
    .limit(FALLBACK_SIZE);
  const rows = await db
    .select({
      ...perkCardColumns,
      isFallback: withFallback ? sql<boolean>`${perks.id} in ${newest}` : sql<boolean>`false`,
    })
    .from(perks)
    .where(
      and(
        visiblePerk(),
        withFallback ? or(inArray(perks.id, wanted), inArray(perks.id, newest)) : inArray(perks.id, wanted),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, toPerkCard(r)]));
  const fallback = rows
    .filter((r) => r.isFallback)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((r) => byId.get(r.id)!);
  return { byId, fallback };
}

async function loadProfileCards(db: DbOrTx, wanted: string[], withFallback: boolean) {
  if (!wanted.length && !withFallback) return { byId: new Map<string, ProfileCard>(), fallback: [] as ProfileCard[] };
  const mostFollowed = db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(visibleUser())
    .orderBy(desc(profiles.followersCount), asc(users.dateJoined), asc(profiles.id))
    .limit(FALLBACK_SIZE);
  const rows = await db
    .select({
      ...profileCardColumns,
      isFallback: withFallback ? sql<boolean>`${profiles.id} in ${mostFollowed}` : sql<boolean>`false`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        visibleUser(),
        withFallback ? or(inArray(users.id, wanted), inArray(users.id, mostFollowed)) : inArray(users.id, wanted),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, toProfileCard(r)]));
  const fallback = rows
    .filter((r) => r.isFallback)
    .sort(
      (a, b) =>
        b.followersCount - a.followersCount ||
        a.dateJoined.getTime() - b.dateJoined.getTime() ||
        (a.id < b.id ? -1 : 1),
    )
    .map((r) => byId.get(r.id)!);
  return { byId, fallback };
}

type ResolvedSections = {
  tasks: Map<string, QuestCard[]>;
  perks: Map<string, PerkCard[]>;
  users: Map<string, ProfileCard[]>;
  questsById: Map<string, QuestCard>;
  perksById: Map<string, PerkCard>;
  usersById: Map<string, ProfileCard>;
};

/**
 * Fills each section with its curated items that are still visible, in the curators' order; a section with
 * none falls back to the newest quests/perks or the most-followed members. `extra` ids (featured items) are
 * loaded in the same queries. Three queries at most, run side by side.
 */
async function resolveSections(
  db: DbOrTx,
  now: Date,
  sections: SectionRow[],
  items: SectionItemRow[],
  extra: { questIds: string[]; perkIds: string[]; userIds: string[] },
): Promise<ResolvedSections> {
  const has = (type: SectionRow['sectionType']) => sections.some((s) => s.sectionType === type);
  const [q, p, u] = await Promise.all([
    loadQuestCards(db, now, [...new Set([...ids(items, (i) => i.questId), ...extra.questIds])], has('task_carousel')),
    loadPerkCards(db, [...new Set([...ids(items, (i) => i.perkId), ...extra.perkIds])], has('perk_carousel')),
    loadProfileCards(db, [...new Set([...ids(items, (i) => i.userId), ...extra.userIds])], has('user_carousel')),
  ]);
  const out: ResolvedSections = {
    tasks: new Map(),
    perks: new Map(),
    users: new Map(),
    questsById: q.byId,
    perksById: p.byId,
    usersById: u.byId,
  };
  const bySection = new Map<string, SectionItemRow[]>();
  for (const item of items)
    (bySection.get(item.sectionId) ?? bySection.set(item.sectionId, []).get(item.sectionId)!).push(item);
  for (const section of sections) {
    const own = (bySection.get(section.id) ?? []).slice().sort((a, b) => a.order - b.order);
    const pick = <T>(byId: Map<string, T>, idOf: (i: SectionItemRow) => string | null, fallback: T[]) => {
      const curated = own.map((i) => byId.get(idOf(i) ?? '')).filter((c): c is T => !!c);
      return curated.length ? curated : fallback;
    };
    if (section.sectionType === 'task_carousel')
      out.tasks.set(
        section.id,
        pick(q.byId, (i) => i.questId, q.fallback),
      );
    if (section.sectionType === 'perk_carousel')
      out.perks.set(
        section.id,
        pick(p.byId, (i) => i.perkId, p.fallback),
      );
    if (section.sectionType === 'user_carousel')
      out.users.set(
        section.id,
        pick(u.byId, (i) => i.userId, u.fallback),
      );
  }
  return out;
}

/** Everything the home screen shows, in a fixed number of queries: 4 small ones, then at most 3 card queries. */
export async function getHomepage(db: DbOrTx, now: Date): Promise<HomepageComplete> {
  const [bannerRows, sectionRows, itemRows, featuredRows] = await Promise.all([
    db
      .select()
      .from(banners)
      .where(liveBanner(now))
      .orderBy(asc(banners.order), asc(banners.createdAt), asc(banners.id)),
    db.select().from(homeSections).where(activeSections).orderBy(asc(homeSections.order), asc(homeSections.createdAt)),
    db
      .select({ item: homeSectionItems })
      .from(homeSectionItems)
      .innerJoin(homeSections, eq(homeSections.id, homeSectionItems.sectionId))
      .where(activeSections)
      .then((rows) => rows.map((r) => r.item)),
    db
      .select()
      .from(featuredItems)
      .where(eq(featuredItems.placement, 'featured'))
      .orderBy(asc(featuredItems.order), asc(featuredItems.createdAt)),
  ]);
  const resolved = await resolveSections(db, now, sectionRows, itemRows, {
    questIds: ids(featuredRows, (f) => f.questId),
    perkIds: ids(featuredRows, (f) => f.perkId),
    userIds: ids(featuredRows, (f) => f.userId),
  });
  const featured = <T>(idOf: (f: (typeof featuredRows)[number]) => string | null, byId: Map<string, T>) =>
    featuredRows.map((f) => byId.get(idOf(f) ?? '')).filter((c): c is T => !!c);
  return {
    banner_sliders: bannerRows.map(toBanner),
    sections: sectionRows.map(toSection),
    task_carousels: Object.fromEntries(resolved.tasks),
    perk_carousels: Object.fromEntries(resolved.perks),
    user_carousels: Object.fromEntries(resolved.users),
    featured_quests: featured((f) => f.questId, resolved.questsById),
    featured_perks: featured((f) => f.perkId, resolved.perksById),
    featured_users: featured((f) => f.userId, resolved.usersById),
  };
}

export type Page<T> = { rows: T[]; count: number };

export async function listBanners(db: DbOrTx, now: Date, q: PageQuery): Promise<Page<Banner>> {
  const { limit, offset } = pageWindow(q);
  const activeBanners = liveBanner(now);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(banners)
      .where(activeBanners)
      .orderBy(asc(banners.order), asc(banners.createdAt), asc(banners.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(banners).where(activeBanners),
  ]);
  return { rows: rows.map(toBanner), count: total?.n ?? 0 };
}

export type SectionWithItems = HomeSection & { tasks: QuestCard[]; perks: PerkCard[]; users: ProfileCard[] };

export async function listSections(db: DbOrTx, now: Date, q: PageQuery): Promise<Page<SectionWithItems>> {
  const { limit, offset } = pageWindow(q);
  const [sectionRows, [total]] = await Promise.all([
    db
      .select()
      .from(homeSections)
      .where(activeSections)
      .orderBy(asc(homeSections.order), asc(homeSections.createdAt), asc(homeSections.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(homeSections).where(activeSections),
  ]);
  const items = sectionRows.length
    ? await db
        .select()
        .from(homeSectionItems)
        .where(
          inArray(
            homeSectionItems.sectionId,
            sectionRows.map((s) => s.id),
          ),
        )
    : [];
  const resolved = await resolveSections(db, now, sectionRows, items, { questIds: [], perkIds: [], userIds: [] });
  return {
    rows: sectionRows.map((s) => ({
      ...toSection(s),
      tasks: resolved.tasks.get(s.id) ?? [],
      perks: resolved.perks.get(s.id) ?? [],
      users: resolved.users.get(s.id) ?? [],
    })),
    count: total?.n ?? 0,
  };
}

/** Staff top picks whose quest or perk is still visible, in the curators' order. */
export async function listTopPicks(db: DbOrTx, now: Date, q: PageQuery): Promise<Page<TopPick>> {
  const { limit, offset } = pageWindow(q);
  const where = and(
    eq(featuredItems.placement, 'top_pick'),
    or(
      and(
        isNotNull(featuredItems.questId),
        sql`exists (select 1 from ${quests} where ${quests.id} = ${featuredItems.questId} and ${visibleQuest(now)})`,
      ),
      and(
        isNotNull(featuredItems.perkId),
        sql`exists (select 1 from ${perks} where ${perks.id} = ${featuredItems.perkId} and ${visiblePerk()})`,
      ),
    ),
  );
  const [picks, [total]] = await Promise.all([
    db
      .select()
      .from(featuredItems)
      .where(where)
      .orderBy(asc(featuredItems.order), asc(featuredItems.createdAt), asc(featuredItems.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(featuredItems).where(where),
  ]);
  const [q2, p2] = await Promise.all([
    loadQuestCards(
      db,
      now,
      ids(picks, (r) => r.questId),
      false,
    ),
    loadPerkCards(
      db,
      ids(picks, (r) => r.perkId),
      false,
    ),
  ]);
  const rows: TopPick[] = picks.map((r) => ({
    id: r.id,
    item_type: r.questId ? 'quest' : 'perk',
    quest: r.questId ? (q2.byId.get(r.questId) ?? null) : null,
    perk: r.perkId ? (p2.byId.get(r.perkId) ?? null) : null,
    order: r.order,
  }));
  return { rows, count: total?.n ?? 0 };
}

const featuredPlacement = eq(featuredItems.placement, 'featured');

export async function listFeaturedQuests(db: DbOrTx, now: Date, q: PageQuery): Promise<Page<QuestCard>> {
  const { limit, offset } = pageWindow(q);
  const where = and(featuredPlacement, visibleQuest(now));
  const [rows, [total]] = await Promise.all([
    db
      .select(questCardColumns)
      .from(featuredItems)
      .innerJoin(quests, eq(quests.id, featuredItems.questId))
      .where(where)
      .orderBy(asc(featuredItems.order), asc(featuredItems.createdAt), asc(featuredItems.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(featuredItems).innerJoin(quests, eq(quests.id, featuredItems.questId)).where(where),
  ]);
  return { rows: rows.map(toQuestCard), count: total?.n ?? 0 };
}

export async function listFeaturedPerks(db: DbOrTx, q: PageQuery): Promise<Page<PerkCard>> {
  const { limit, offset } = pageWindow(q);
  const where = and(featuredPlacement, visiblePerk());
  const [rows, [total]] = await Promise.all([
    db
      .select(perkCardColumns)
      .from(featuredItems)
      .innerJoin(perks, eq(perks.id, featuredItems.perkId))
      .where(where)
      .orderBy(asc(featuredItems.order), asc(featuredItems.createdAt), asc(featuredItems.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(featuredItems).innerJoin(perks, eq(perks.id, featuredItems.perkId)).where(where),
  ]);
  return { rows: rows.map(toPerkCard), count: total?.n ?? 0 };
}

export async function listFeaturedUsers(db: DbOrTx, q: PageQuery): Promise<Page<ProfileCard>> {
  const { limit, offset } = pageWindow(q);
  const where = and(featuredPlacement, visibleUser());
  const [rows, [total]] = await Promise.all([
    db
      .select(profileCardColumns)
      .from(featuredItems)
      .innerJoin(users, eq(users.id, featuredItems.userId))
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(asc(featuredItems.order), asc(featuredItems.createdAt), asc(featuredItems.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(featuredItems).innerJoin(users, eq(users.id, featuredItems.userId)).where(where),
  ]);
  return { rows: rows.map(toProfileCard), count: total?.n ?? 0 };
}
