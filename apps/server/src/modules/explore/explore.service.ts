import { and, asc, count, desc, eq, not, or, sql, type SQL } from 'drizzle-orm';
import {
  EXPLORE_LIMITS,
  EXPLORE_MSG,
  exploreOrderings,
  type AvailableFilters,
  type ExploreCategory,
  type ExploreFilter,
  type ExploreKind,
  type ParsedSearchRequest,
  type PerkCard,
  type PopularSearch,
  type ProfileCard,
  type QuestCard,
  type SearchResponse,
} from '@wyn/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  exploreCategories,
  exploreFilters,
  perks,
  perkTags,
  popularSearches,
  profiles,
  quests,
  questTags,
  tags,
  users,
  userSettings,
} from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
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
} from '../home/cards.ts';
import { filterConditions, kindAccepts, parseFilters, type ParsedFilters } from './explore-filters.ts';
import {
  idsMatching,
  perkDoc,
  perkTsv,
  questDoc,
  questTsv,
  exactMatch,
  fuzzyMatch,
  matchRank,
  searchTerm,
  userDoc,
  WORD_SIMILARITY_THRESHOLD,
  type SearchTerm,
} from './search-sql.ts';

const KINDS: readonly ExploreKind[] = ['tasks', 'perks', 'users'];

// ---------------------------------------------------------------- categories, popular searches, filters

function toCategory(r: typeof exploreCategories.$inferSelect): ExploreCategory {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    icon: r.icon,
    content_type: r.contentType,
    filter_criteria: r.filterCriteria,
    order: r.order,
    is_active: r.isActive,
  };
}

export async function listCategories(
  db: DbOrTx,
  opts: { includeInactive: boolean; limit: number; offset: number },
): Promise<{ rows: ExploreCategory[]; count: number }> {
  const where = opts.includeInactive ? undefined : eq(exploreCategories.isActive, true);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(exploreCategories)
      .where(where)
      .orderBy(asc(exploreCategories.order), asc(exploreCategories.title))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(exploreCategories).where(where),
  ]);
  return { rows: rows.map(toCategory), count: total?.n ?? 0 };
}

/** Promoted terms first, then by how often members really searched them. */
export async function topPopularSearches(db: DbOrTx, limit: number): Promise<PopularSearch[]> {
  const rows = await db
    .select()
    .from(popularSearches)
    .where(or(eq(popularSearches.isPromoted, true), sql`${popularSearches.searchCount} > 0`))
    .orderBy(
      desc(popularSearches.isPromoted),
      desc(popularSearches.searchCount),
      asc(popularSearches.order),
      asc(popularSearches.searchTerm),
    )
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    search_term: r.searchTerm,
    is_promoted: r.isPromoted,
    search_count: r.searchCount,
  }));
}

/** The most used tags of a kind, as options of its tags filter. */
async function tagOptions(db: DbOrTx, kind: 'tasks' | 'perks'): Promise<ExploreFilter['options']> {
  const link = kind === 'tasks' ? questTags.tagId : perkTags.tagId;
  const table = kind === 'tasks' ? questTags : perkTags;
  const rows = await db
    .select({ name: tags.name, uses: count() })
    .from(table)
    .innerJoin(tags, eq(tags.id, link))
    .groupBy(tags.id, tags.name)
    .orderBy(desc(count()), asc(sql`lower(${tags.name})`))
    .limit(EXPLORE_LIMITS.tagOptions);
  return rows.map((r) => ({ value: r.name, label: r.name }));
}

/** The filter sheet's filters per content type; the tags filter lists the most used tags. */
export async function availableFilters(db: DbOrTx): Promise<AvailableFilters> {
  const rows = await db
    .select()
    .from(exploreFilters)
    .orderBy(asc(exploreFilters.contentType), asc(exploreFilters.order), asc(exploreFilters.name));
  const out: AvailableFilters = { tasks: [], perks: [], users: [] };
  for (const r of rows) {
    let options = r.options;
    if (r.name === 'tags' && r.contentType !== 'users' && options.length === 0)
      options = await tagOptions(db, r.contentType);
    out[r.contentType].push({
      id: r.id,
      content_type: r.contentType,
      name: r.name,
      display_name: r.displayName,
      filter_type: r.filterType,
      options,
      order: r.order,
    });
  }
  return out;
}

// ---------------------------------------------------------------- search

/** Totals stop here: counting a 100k-row browse would cost more than the page itself. */
export const MATCH_COUNT_CAP = EXPLORE_LIMITS.countCap;

/** One phase of one kind: the text condition (none when browsing) and its relevance. */
type TextPhase = { match?: SQL; rank?: SQL };
type KindQuery = {
  text: TextPhase;
  filters: ParsedFilters;
  ordering: string;
  limit: number;
  offset: number;
  viewerId: string;
  now: Date;
};
type KindPage<T> = { rows: T[]; count: number };

/**
 * The total (capped) first, then the page, skipped when past the end. A separate count rather than
 * `count(*) over ()`: a window under the ORDER BY makes PostgreSQL build every matching card (tags
 * sub-selects included) before sorting, instead of only the page's.
 */
async function pageAndCount<R>(
  tx: DbOrTx,
  matching: SQL,
  offset: number,
  page: () => Promise<R[]>,
): Promise<{ total: number; rows: R[] }> {
  const [r] = await tx
    .execute<{ n: number }>(sql`select count(*)::int as n from (${matching} limit ${MATCH_COUNT_CAP}) capped`)
    .then((res) => (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows));
  const total = Number(r?.n ?? 0);
  return { total, rows: total > offset ? await page() : [] };
}

const relevanceFirst = (rank: SQL | undefined, ...then: SQL[]) => (rank ? [desc(rank), ...then] : then);

async function searchQuests(tx: DbOrTx, q: KindQuery): Promise<KindPage<QuestCard>> {
  // Members see what they can join; creators also find their own drafts and closed quests.
  const visible = or(visibleQuest(q.now), and(eq(quests.creatorId, q.viewerId), not(quests.isHidden)))!;
  const where = and(
    visible,
    q.text.match ? idsMatching(quests.id, quests, q.text.match) : undefined,
    ...filterConditions('tasks', q.filters),
  )!;
  const order: Record<string, SQL[]> = {
    relevance: relevanceFirst(q.text.rank, desc(quests.createdAt), desc(quests.id)),
    '-created_at': [desc(quests.createdAt), desc(quests.id)],
    created_at: [asc(quests.createdAt), asc(quests.id)],
    '-reward_amount': [desc(quests.rewardAmount), desc(quests.createdAt), desc(quests.id)],
  };
  const { total, rows } = await pageAndCount(tx, sql`select 1 from ${quests} where ${where}`, q.offset, () =>
    tx
      .select(questCardColumns)
      .from(quests)
      .where(where)
      .orderBy(...order[q.ordering]!)
      .limit(q.limit)
      .offset(q.offset),
  );
  return { rows: rows.map(toQuestCard), count: total };
}

async function searchPerks(tx: DbOrTx, q: KindQuery): Promise<KindPage<PerkCard>> {
  const visible = or(visiblePerk(), and(eq(perks.creatorId, q.viewerId), not(perks.isHidden)))!;
  const where = and(
    visible,
    q.text.match ? idsMatching(perks.id, perks, q.text.match) : undefined,
    ...filterConditions('perks', q.filters),
  )!;
  const order: Record<string, SQL[]> = {
    relevance: relevanceFirst(q.text.rank, desc(perks.createdAt), desc(perks.id)),
    '-created_at': [desc(perks.createdAt), desc(perks.id)],
    created_at: [asc(perks.createdAt), asc(perks.id)],
    '-cost_amount': [desc(perks.costAmount), desc(perks.createdAt), desc(perks.id)],
    cost_amount: [asc(perks.costAmount), desc(perks.createdAt), desc(perks.id)],
  };
  const { total, rows } = await pageAndCount(tx, sql`select 1 from ${perks} where ${where}`, q.offset, () =>
    tx
      .select(perkCardColumns)
      .from(perks)
      .where(where)
      .orderBy(...order[q.ordering]!)
      .limit(q.limit)
      .offset(q.offset),
  );
  return { rows: rows.map(toPerkCard), count: total };
}

async function searchUsers(tx: DbOrTx, q: KindQuery): Promise<KindPage<ProfileCard>> {
  // Private profiles stay out of user search (DESIGN §1, user settings).
  const where = and(
    visibleUser(),
    sql`coalesce(${userSettings.privateProfile}, false) = false`,
    q.text.match ? idsMatching(users.id, users, q.text.match) : undefined,
    ...filterConditions('users', q.filters),
  )!;
  const order: Record<string, SQL[]> = {
    relevance: relevanceFirst(q.text.rank, desc(users.dateJoined), desc(users.id)),
    '-created_at': [desc(users.dateJoined), desc(users.id)],
    '-followers_count': [desc(profiles.followersCount), desc(users.dateJoined), desc(users.id)],
  };
  const from = sql`${users} join ${profiles} on ${profiles.id} = ${users.id} left join ${userSettings} on ${userSettings.userId} = ${users.id}`;
  const { total, rows } = await pageAndCount(tx, sql`select 1 from ${from} where ${where}`, q.offset, () =>
    tx
      .select(profileCardColumns)
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(where)
      .orderBy(...order[q.ordering]!)
      .limit(q.limit)
      .offset(q.offset),
  );
  return { rows: rows.map(toProfileCard), count: total };
}

const SEARCHERS = {
  tasks: { run: searchQuests, doc: questDoc, tsv: questTsv },
  perks: { run: searchPerks, doc: perkDoc, tsv: perkTsv },
  users: { run: searchUsers, doc: userDoc, tsv: null },
} as const;

/**
 * One kind, in two phases: the words as written; only when they find nothing, near misses (typos).
 * So "gard" never drowns in fuzzy noise, and "tlegram" still finds "Telegram".
 */
async function searchKind(
  tx: DbOrTx,
  kind: ExploreKind,
  term: SearchTerm | null,
  q: Omit<KindQuery, 'text'>,
): Promise<KindPage<QuestCard | PerkCard | ProfileCard> & { exact: boolean }> {
  const s = SEARCHERS[kind];
  const run = (text: TextPhase) =>
    (s.run as (tx: DbOrTx, q: KindQuery) => Promise<KindPage<never>>)(tx, { ...q, text });
  if (!term) return { ...(await run({})), exact: false };
  const exact = await run({ match: exactMatch(s.doc, s.tsv, term), rank: matchRank(s.doc, s.tsv, term, 'exact') });
  if (exact.count > 0) return { ...exact, exact: true };
  return {
    ...(await run({ match: fuzzyMatch(s.doc, term), rank: matchRank(s.doc, s.tsv, term, 'fuzzy') })),
    exact: false,
  };
}

const KIND_LABEL: Record<ExploreKind | 'mixed', string> = {
  tasks: 'quests',
  perks: 'perks',
  users: 'users',
  mixed: 'this search',
};

/**
 * The ordering each kind uses. An explicit ordering must exist for the content type (for mixed, for at
 * least one kind; kinds without it keep their default). Without one: relevance when there is a query,
 * else newest first.
 */
function resolveOrderings(
  contentType: ParsedSearchRequest['content_type'],
  ordering: string | undefined,
  hasTerm: boolean,
): Record<ExploreKind, string> {
  const fallback = hasTerm ? 'relevance' : '-created_at';
  const valid = (kind: ExploreKind) => (exploreOrderings[kind] as readonly string[]).includes(ordering ?? '');
  if (ordering !== undefined) {
    const known = contentType === 'mixed' ? KINDS.some(valid) : valid(contentType);
    if (!known) {
      const message = EXPLORE_MSG.badOrdering(ordering, KIND_LABEL[contentType]);
      throw badRequest(message, { ordering: [message] });
    }
  }
  return {
    tasks: valid('tasks') ? ordering! : fallback,
    perks: valid('perks') ? ordering! : fallback,
    users: valid('users') ? ordering! : fallback,
  };
}

/** Lower-case, trimmed, single-spaced and capped: the form a term is counted under. */
export function popularTerm(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, EXPLORE_LIMITS.popularTermMax).trim();
}

/** One more real search for a term (upsert on lower(search_term)). */
export async function countSearch(db: DbOrTx, term: string): Promise<void> {
  // The conflict target is the expression index popular_searches_term_lower_uq.
  await db.execute(sql`
    insert into popular_searches (search_term, search_count) values (${term}, 1)
    on conflict ((lower(search_term))) do update set search_count = popular_searches.search_count + 1`);
}

/**
 * `POST explore/search/`. A specific content type pages through that kind; `mixed` returns a few of
 * each kind per page (the All tab). Runs in one read transaction so the trigram threshold applies
 * to its queries only.
 */
export async function search(
  db: Db,
  req: ParsedSearchRequest,
  ctx: { viewerId: string; now: Date },
): Promise<{ response: SearchResponse; exact: boolean }> {
  const term = searchTerm(req.query);
  const filters = parseFilters(req.filters, req.content_type);
  const orderings = resolveOrderings(req.content_type, req.ordering, term !== null);
  const mixed = req.content_type === 'mixed';
  const perPage = mixed ? Math.min(req.limit, EXPLORE_LIMITS.mixedPerType) : req.limit;
  const kinds = mixed ? KINDS.filter((k) => kindAccepts(k, filters)) : [req.content_type as ExploreKind];

  const results = await db.transaction(async (tx) => {
    if (term)
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
      );
    const base = { filters, limit: perPage, offset: (req.page - 1) * perPage, ...ctx };
    const empty = { rows: [], count: 0, exact: false };
    const one = (kind: ExploreKind) =>
      kinds.includes(kind) ? searchKind(tx, kind, term, { ...base, ordering: orderings[kind] }) : empty;
    return {
      tasks: (await one('tasks')) as KindPage<QuestCard> & { exact: boolean },
      perks: (await one('perks')) as KindPage<PerkCard> & { exact: boolean },
      users: (await one('users')) as KindPage<ProfileCard> & { exact: boolean },
    };
  });

  const counts = { tasks: results.tasks.count, perks: results.perks.count, users: results.users.count };
  const totalResults = counts.tasks + counts.perks + counts.users;
  const totalPages = Math.max(1, ...kinds.map((k) => Math.ceil(counts[k] / perPage)));
  const response: SearchResponse = {
    content_results: { tasks: results.tasks.rows, perks: results.perks.rows, users: results.users.rows },
    counts,
    total_results: totalResults,
    page: req.page,
    total_pages: totalPages,
    has_next: req.page < totalPages,
    has_previous: req.page > 1,
  };
  return { response, exact: results.tasks.exact || results.perks.exact || results.users.exact };
}
