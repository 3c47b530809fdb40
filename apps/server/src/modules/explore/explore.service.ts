import { and, asc, count, desc, eq, not, or, sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
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
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';
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
import { preparedPerDb } from '../../lib/prepared.ts';
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
  perkDoc,
  perkTsv,
  questDoc,
  questTsv,
  exactMatch,
  fuzzyMatch,
  matchRank,
  searchTerm,
  termParams,
  termPlaceholders,
  termValues,
  userDoc,
  type SearchTerm,
  type TermParams,
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

/** What a kind's search needs besides the text: visibility and filters, and the requested order. */
type KindQuery = {
  filters: ParsedFilters;
  ordering: string;
  /** The viewer's id and the time: values, or placeholders in a statement built once and reused. */
  viewerId: string | SQLWrapper;
  now: Date;
};
type KindPage<T> = { rows: T[]; count: number };
type AnyCard = QuestCard | PerkCard | ProfileCard;

/** One key of a page's order. */
type SortKey = [expr: SQL | PgColumn, dir: 'asc' | 'desc'];

/** How to search one kind: where its rows come from, which are visible, their order, their cards. */
type KindSpec = {
  from: SQL;
  id: PgColumn;
  /** Visibility and filters; the text condition is added per phase. */
  where: SQL;
  /** The requested order; `rank` (relevance of the phase) when ordering by relevance. */
  keys(rank: SQL | undefined): SortKey[];
  /** The text searched: trigram document and, where there is one, the full-text document. */
  doc: SQL;
  tsv: SQL | null;
};

const listOf = (items: SQL[]) => sql.join(items, sql`, `);
const orderBy = (keys: SortKey[]) => listOf(keys.map(([expr, dir]) => sql`${expr} ${sql.raw(dir)}`));

type IdRow = { id: string; total: number | null; kind?: number; exact?: boolean; ord?: number };

/** Both drivers (node-postgres and PGlite) answer a raw query with `{ rows }`. */
async function idRows(db: DbOrTx, query: SQL): Promise<IdRow[]> {
  const res = await db.execute<IdRow>(query);
  return Array.isArray(res) ? (res as IdRow[]) : (res as { rows: IdRow[] }).rows;
}

type Page = { limit: number; offset: number };

/** The page's ids walking the order (a btree) with the condition inline; `total` is selected as given. */
const walkIds = (db: DbOrTx, s: KindSpec, where: SQL, keys: SortKey[], page: Page, total: SQL) =>
  idRows(
    db,
    sql`select ${s.id} as id, ${total} as total from ${s.from} where ${where}
        order by ${orderBy(keys)} limit ${page.limit} offset ${page.offset}`,
  );

/** The matches of a condition, counted up to the cap. */
async function countCapped(db: DbOrTx, s: KindSpec, where: SQL): Promise<number> {
  const [r] = await idRows(
    db,
    sql`select null as id, count(*)::int as total
        from (select 1 from ${s.from} where ${where} limit ${MATCH_COUNT_CAP}) capped`,
  );
  return Number(r?.total ?? 0);
}

/** Browsing (no text): the page walks the order directly, the total is a capped count sub-select. */
async function browseKind(
  db: DbOrTx,
  kind: ExploreKind,
  s: KindSpec,
  page: Page,
): Promise<KindPage<AnyCard> & { exact: boolean }> {
  const capped = sql`(select count(*)::int from (select 1 from ${s.from} where ${s.where} limit ${MATCH_COUNT_CAP}) capped)`;
  const rows = await walkIds(db, s, s.where, s.keys(undefined), page, capped);
  const count = rows.length ? Number(rows[0]!.total) : page.offset > 0 ? await countCapped(db, s, s.where) : 0;
  // Pages end with the (capped) total, as the totals say.
  const ids = page.offset < count ? rows.map((r) => r.id) : [];
  return { rows: ids.length ? await CARDS[kind](db, ids) : [], count, exact: false };
}

/**
 * A text search of one or more kinds in ONE statement that returns, per kind, the page's ids and the
 * capped total; the cards are then read by id.
 *
 * Two phases per kind: the words as written; only when they find nothing, near misses (typos), so "gard"
 * never drowns in fuzzy noise and "tlegram" still finds "Telegram". The near-miss CTE is gated on the
 * exact one being empty (a one-time filter: PostgreSQL does not scan when words as written matched).
 *
 * Each phase's matches are fenced in a materialized CTE without ORDER BY, up to the cap + 1: PostgreSQL
 * collects them through the GIN indexes whatever it guesses about their number, and the page is sorted
 * from those narrow rows, the total being a window count over them. (Inlined under ORDER BY … LIMIT, a
 * rare word made the planner walk the created_at index through every row.) Only when a phase passes the
 * cap is its page read again by walking the order, which is then cheap because matches are everywhere
 * (the reward and cost orders have indexes for that). Past the last page the totals are counted alone.
 */
function textStatement(specs: KindSpec[], term: TermParams, page: { limit: unknown; offset: unknown }): SQL {
  const ctes: SQL[] = [];
  const selects: SQL[] = [];
  specs.forEach((s, i) => {
    for (const phase of ['exact', 'fuzzy'] as const) {
      const match = phase === 'exact' ? exactMatch(s.doc, s.tsv, term) : fuzzyMatch(s.doc, term);
      const keys = s.keys(matchRank(s.doc, s.tsv, term, phase));
      const name = sql.raw(`${phase[0]}${i}`);
      const gate = phase === 'fuzzy' ? sql` and not exists (select 1 from ${sql.raw(`e${i}`)})` : sql``;
      ctes.push(sql`${name} as materialized (
        select ${s.id} as id, ${listOf(keys.map(([expr], k) => sql`${expr} as ${sql.raw(`k${k}`)}`))}
        from ${s.from} where ${and(s.where, match)}${gate} limit ${MATCH_COUNT_CAP + 1})`);
      const keyOrder = listOf(keys.map(([, dir], k) => sql.raw(`k${k} ${dir}`)));
      // The total is counted from the CTE once (no window over every match), and only the page is sorted
      // (top-N); `ord` numbers the page's rows in that order.
      selects.push(sql`(select ${sql.raw(`${i} as kind, ${phase === 'exact'} as exact`)}, id, total,
        (row_number() over ())::int as ord from (
          select id, (select count(*) from ${name})::int as total from ${name}
          order by ${keyOrder} limit ${page.limit} offset ${page.offset}) page)`);
    }
  });
  return sql`with ${listOf(ctes)} ${sql.join(selects, sql` union all `)}`;
}

/**
 * The text statement per shape (kinds, their orders, whether there is a tsquery), built once with
 * placeholders and run as a named prepared statement: composing it with drizzle cost ~2 ms of CPU per
 * search and planning it ~1 ms, more than PostgreSQL spent running it. Its CTEs have no ORDER BY, so a
 * generic plan is as good as a custom one (the GIN index or, on tiny tables, a scan). Searches with filters
 * (whose values shape the SQL) are built and planned each time.
 */
const textStatements = new Map<string, { query: Query; name: string }>();
const dialect = new PgDialect();

async function searchText(
  db: DbOrTx,
  kinds: ExploreKind[],
  base: { filters: ParsedFilters; orderings: Record<ExploreKind, string>; viewerId: string; now: Date },
  term: SearchTerm,
  page: Page,
): Promise<Array<KindPage<AnyCard> & { exact: boolean }>> {
  const specsWith = (viewerId: string | SQLWrapper, now: Date) =>
    kinds.map((kind) => SPECS[kind]({ filters: base.filters, ordering: base.orderings[kind], viewerId, now }));
  const key = base.filters.length
    ? null
    : `${kinds.join(',')}|${kinds.map((k) => base.orderings[k]).join(',')}|${term.tsquery !== null}`;
  let statement = key ? textStatements.get(key) : undefined;
  if (!statement) {
    const placeholders = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
    // Bound when the statement runs (a Date parameter, as drizzle would send it).
    const specs = specsWith(sql.placeholder('viewer'), sql.placeholder('now') as unknown as Date);
    const query = dialect.sqlToQuery(textStatement(specs, termPlaceholders(term), placeholders));
    statement = { query, name: key ? `explore_search_${textStatements.size + 1}` : '' };
    if (key) textStatements.set(key, statement);
  }
  const values = { ...termValues(term), viewer: base.viewerId, now: base.now, ...page };
  const prepared = db._.session.prepareQuery(statement.query, undefined, statement.name || undefined, false);
  const res = await prepared.execute(values);
  const rows = (Array.isArray(res) ? res : (res as { rows: IdRow[] }).rows) as IdRow[];

  let specs: KindSpec[] | undefined;
  const params = termParams(term);
  return Promise.all(
    kinds.map(async (kind, i) => {
      const mine = rows.filter((r) => Number(r.kind) === i).sort((a, b) => Number(a.ord) - Number(b.ord));
      let exact = mine.length > 0 && Boolean(mine[0]!.exact);
      let count = mine.length ? Number(mine[0]!.total) : 0;
      let ids = mine.map((r) => r.id);
      if ((!mine.length && page.offset > 0) || count > MATCH_COUNT_CAP) {
        // Rare: past the last page, or more matches than the cap. Read with values, not placeholders.
        const s = (specs ??= specsWith(base.viewerId, base.now))[i]!;
        const matchOf = (phase: 'exact' | 'fuzzy') =>
          and(s.where, phase === 'exact' ? exactMatch(s.doc, s.tsv, params) : fuzzyMatch(s.doc, params))!;
        if (!mine.length) {
          count = await countCapped(db, s, matchOf('exact'));
          exact = count > 0;
          if (!exact) count = await countCapped(db, s, matchOf('fuzzy'));
        }
        if (count > MATCH_COUNT_CAP) {
          const phase = exact ? 'exact' : 'fuzzy';
          count = MATCH_COUNT_CAP;
          const keys = s.keys(matchRank(s.doc, s.tsv, params, phase));
          ids =
            page.offset < count ? (await walkIds(db, s, matchOf(phase), keys, page, sql`null`)).map((r) => r.id) : [];
        }
      }
      if (page.offset >= count) ids = [];
      return { rows: ids.length ? await CARDS[kind](db, ids) : [], count, exact };
    }),
  );
}

/**
 * A page's cards by id, in the page's order. Named prepared statements of a fixed shape: planning the
 * cards' tag and completion sub-selects costs more than running them (docs/decisions/0005).
 */
const IDS = sql.placeholder('ids');
const questCardsById = preparedPerDb((db) =>
  db
    .select(questCardColumns)
    .from(quests)
    .where(sql`${quests.id} = any(${IDS}::uuid[])`)
    .prepare('explore_quest_cards'),
);
const perkCardsById = preparedPerDb((db) =>
  db
    .select(perkCardColumns)
    .from(perks)
    .where(sql`${perks.id} = any(${IDS}::uuid[])`)
    .prepare('explore_perk_cards'),
);
const profileCardsById = preparedPerDb((db) =>
  db
    .select(profileCardColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(sql`${users.id} = any(${IDS}::uuid[])`)
    .prepare('explore_profile_cards'),
);

function inOrder<R>(ids: string[], rows: R[], idOf: (r: R) => string): R[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
}

const relevanceFirst = (rank: SQL | undefined, ...then: SortKey[]): SortKey[] =>
  rank ? [[rank, 'desc'], ...then] : then;

function questSpec(q: KindQuery): KindSpec {
  // Members see what they can join; creators also find their own drafts and closed quests.
  const visible = or(visibleQuest(q.now), and(eq(quests.creatorId, q.viewerId), not(quests.isHidden)))!;
  return {
    from: sql`${quests}`,
    id: quests.id,
    where: and(visible, ...filterConditions('tasks', q.filters))!,
    doc: questDoc,
    tsv: questTsv,
    keys: (rank) =>
      ({
        relevance: relevanceFirst(rank, [quests.createdAt, 'desc'], [quests.id, 'desc']),
        '-created_at': [
          [quests.createdAt, 'desc'],
          [quests.id, 'desc'],
        ],
        created_at: [
          [quests.createdAt, 'asc'],
          [quests.id, 'asc'],
        ],
        '-reward_amount': [
          [quests.rewardAmount, 'desc'],
          [quests.createdAt, 'desc'],
          [quests.id, 'desc'],
        ],
      })[q.ordering] as SortKey[],
  };
}

function perkSpec(q: KindQuery): KindSpec {
  const visible = or(visiblePerk(), and(eq(perks.creatorId, q.viewerId), not(perks.isHidden)))!;
  return {
    from: sql`${perks}`,
    id: perks.id,
    where: and(visible, ...filterConditions('perks', q.filters))!,
    doc: perkDoc,
    tsv: perkTsv,
    keys: (rank) =>
      ({
        relevance: relevanceFirst(rank, [perks.createdAt, 'desc'], [perks.id, 'desc']),
        '-created_at': [
          [perks.createdAt, 'desc'],
          [perks.id, 'desc'],
        ],
        created_at: [
          [perks.createdAt, 'asc'],
          [perks.id, 'asc'],
        ],
        '-cost_amount': [
          [perks.costAmount, 'desc'],
          [perks.createdAt, 'desc'],
          [perks.id, 'desc'],
        ],
        cost_amount: [
          [perks.costAmount, 'asc'],
          [perks.createdAt, 'desc'],
          [perks.id, 'desc'],
        ],
      })[q.ordering] as SortKey[],
  };
}

function userSpec(q: KindQuery): KindSpec {
  return {
    from: sql`${users} join ${profiles} on ${profiles.id} = ${users.id} left join ${userSettings} on ${userSettings.userId} = ${users.id}`,
    id: users.id,
    // Private profiles stay out of user search (docs/product.md, user settings).
    where: and(
      visibleUser(),
      sql`coalesce(${userSettings.privateProfile}, false) = false`,
      ...filterConditions('users', q.filters),
    )!,
    doc: userDoc,
    tsv: null,
    keys: (rank) =>
      ({
        relevance: relevanceFirst(rank, [users.dateJoined, 'desc'], [users.id, 'desc']),
        '-created_at': [
          [users.dateJoined, 'desc'],
          [users.id, 'desc'],
        ],
        '-followers_count': [
          [profiles.followersCount, 'desc'],
          [users.dateJoined, 'desc'],
          [users.id, 'desc'],
        ],
      })[q.ordering] as SortKey[],
  };
}

const SPECS: Record<ExploreKind, (q: KindQuery) => KindSpec> = { tasks: questSpec, perks: perkSpec, users: userSpec };

/** The cards of the given ids, in that order. */
const CARDS: Record<ExploreKind, (db: DbOrTx, ids: string[]) => Promise<AnyCard[]>> = {
  tasks: async (db, ids) => inOrder(ids, await questCardsById(db).execute({ ids }), (r) => r.id).map(toQuestCard),
  perks: async (db, ids) => inOrder(ids, await perkCardsById(db).execute({ ids }), (r) => r.id).map(toPerkCard),
  users: async (db, ids) =>
    inOrder(ids, await profileCardsById(db).execute({ ids }), (r) => r.userId).map(toProfileCard),
};

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
 * each kind per page (the All tab).
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

  // No transaction: the trigram threshold is a setting of every connection (db/client.ts).
  const page = { limit: perPage, offset: (req.page - 1) * perPage };
  const pages = term
    ? await searchText(db, kinds, { filters, orderings, ...ctx }, term, page)
    : await Promise.all(
        kinds.map((kind) => browseKind(db, kind, SPECS[kind]({ filters, ordering: orderings[kind], ...ctx }), page)),
      );
  const empty = { rows: [], count: 0, exact: false };
  const of = (kind: ExploreKind) => (kinds.includes(kind) ? pages[kinds.indexOf(kind)]! : empty);
  const results = {
    tasks: of('tasks') as KindPage<QuestCard> & { exact: boolean },
    perks: of('perks') as KindPage<PerkCard> & { exact: boolean },
    users: of('users') as KindPage<ProfileCard> & { exact: boolean },
  };

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
