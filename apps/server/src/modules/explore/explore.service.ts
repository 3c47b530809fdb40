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
  type PerkCardRow,
  type ProfileCardRow,
  type QuestCardRow,
  toPerkCard,
  toProfileCard,
  toQuestCard,
  visiblePerk,
  visibleQuest,
  visibleUser,
} from '../home/cards.service.ts';
import { filterConditions, kindAccepts, parseFilters, type ParsedFilters } from './explore-filters.service.ts';
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
  bound,
  userDoc,
  type SearchTerm,
  type TermParams,
} from './search-sql.service.ts';
import { BROAD_MARGIN_MS, searchMemory } from './search-cache.ts';

const KINDS: readonly ExploreKind[] = ['tasks', 'perks', 'users'];

// ---------------------------------------------------------------- categories, popular searches, filters

export function toCategory(r: typeof exploreCategories.$inferSelect): ExploreCategory {
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

/**
 * Terms staff curated (promoted) first, in their order, then by how often members really searched them;
 * terms staff suppressed are left out (still counted).
 */
export async function topPopularSearches(db: DbOrTx, limit: number): Promise<PopularSearch[]> {
  const rows = await db
    .select()
    .from(popularSearches)
    .where(
      and(
        eq(popularSearches.isSuppressed, false),
        or(eq(popularSearches.isPromoted, true), sql`${popularSearches.searchCount} > 0`),
      ),
    )
    .orderBy(
      desc(popularSearches.isPromoted),
      asc(sql`case when ${popularSearches.isPromoted} then ${popularSearches.order} else 0 end`),
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

/**
 * Member search by relevance ranks the newest this many matches of the words as written; older matches follow them,
 * newest first (issue #17). Word similarity costs a few microseconds a member, and a common name part ("the" in
 * 952 of 100k members' "Theatre") made ranking every match most of the search, growing with the matches. With at
 * most this many matches (any selective term) every match is ranked, as before. Quests and perks rank with their
 * stored full-text documents and keep ranking every match.
 */
export const MEMBER_RANKED_NEWEST = 200;

/** What a kind's search needs besides the text: visibility and filters, and the requested order. */
type KindQuery = {
  filters: ParsedFilters;
  ordering: string;
  /** The viewer's id and the time: values, or placeholders in a statement built once and reused. */
  viewerId: string | SQLWrapper;
  now: Date;
  /** `now` plus the broad-term margin (search-cache.ts): a value or a placeholder, as `now`. */
  later: Date;
};
type KindPage<T> = { rows: T[]; count: number };
type AnyCard = QuestCard | PerkCard | ProfileCard;

/** One key of a page's order. */
type SortKey = [expr: SQL | PgColumn, dir: 'asc' | 'desc'];

/** How to search one kind: where its rows come from, which are visible, their order, their cards. */
type KindSpec = {
  kind: ExploreKind;
  from: SQL;
  /** The table whose rows are searched (its columns are the ones `keys`, `doc` and `tsv` name). */
  table: 'quests' | 'perks' | 'users';
  id: PgColumn;
  /** Visibility and filters; the text condition is added per phase. */
  where: SQL;
  /**
   * Whether a visible row is one every member sees until `later` (not the viewer's own draft, no deadline before
   * then): counted to decide that a term is broad for everyone (search-cache.ts).
   */
  everyone: SQL;
  /** The requested order; `rank` (relevance of the phase) when ordering by relevance. */
  keys(rank: SQL | undefined): SortKey[];
  /** Newest first: the order in which a broad search's candidates are taken before they are ranked. */
  recent: SortKey[];
  /**
   * By relevance, only this many of the newest matches (`recent`) are ranked; the older matches follow them, newest
   * first (see `MEMBER_RANKED_NEWEST`). The relevance keys are then the rank followed by `recent`. Unset: every
   * match is ranked.
   */
  rankedNewest?: number;
  /** Whether the requested order is relevance. */
  byRelevance: boolean;
  /** Whether the requested order is newest first (a walk of the newest matches is then the page). */
  byNewest: boolean;
  /** The text searched: trigram document and, where there is one, the full-text document. */
  doc: SQL;
  tsv: SQL | null;
};

const listOf = (items: SQL[]) => sql.join(items, sql`, `);
const orderBy = (keys: SortKey[]) => listOf(keys.map(([expr, dir]) => sql`${expr} ${sql.raw(dir)}`));

type IdRow = {
  id: string;
  total: number | null;
  kind?: number;
  exact?: boolean;
  /** The exact matches came from walking the newest rows: the newest cap + 1 matches. */
  walked?: boolean;
  /** How many of the phase's first cap + 1 matches every member sees until the margin (`KindSpec.everyone`). */
  everyone?: number;
  ord?: number;
  /** The card, when the page is final (search statements). */
  card?: Record<string, unknown> | null;
};

/** Both drivers (node-postgres and PGlite) answer a raw query with `{ rows }`. */
async function idRows(db: DbOrTx, query: SQL): Promise<IdRow[]> {
  const res = await db.execute<IdRow>(query);
  return Array.isArray(res) ? (res as IdRow[]) : (res as { rows: IdRow[] }).rows;
}

type Page = { limit: number; offset: number };

/** The page's ids walking the order (a btree) with the condition inline. */
const walkIds = (db: DbOrTx, s: KindSpec, where: SQL, keys: SortKey[], page: Page) =>
  idRows(
    db,
    sql`select ${s.id} as id from ${s.from} where ${where}
        order by ${orderBy(keys)} limit ${page.limit} offset ${page.offset}`,
  );

/** The table's columns under its own name, for a sub-select whose alias is the table's name. */
const allColumns = (s: KindSpec) => sql.raw(`"${s.table}".*`);
const asTable = (s: KindSpec) => sql.raw(`"${s.table}"`);

/**
 * A broad search by relevance: its candidates are the newest `MATCH_COUNT_CAP` + 1 matches (walking the recency
 * index with the match inline stops after a few thousand rows when matches are everywhere), and only those
 * are ranked. Ranking every match of "quest" computed ts_rank for all 100k quests (240 ms). The candidates
 * keep the table's name as their alias, so the rank and sort keys read their columns unchanged. A kind that ranks
 * only its newest matches (`rankedNewest`) ranks that many and walks on for the page's rows after them.
 */
const rankRecentSql = (s: KindSpec, where: SQL, keys: SortKey[], page: { limit: unknown; offset: unknown }) => {
  const newest = (limit: number) =>
    sql`select ${allColumns(s)} from ${s.from} where ${where} order by ${orderBy(s.recent)} limit ${sql.raw(String(limit))}`;
  if (!s.rankedNewest)
    return sql`select ${s.id} as id from (${newest(MATCH_COUNT_CAP + 1)}) as ${asTable(s)}
      order by ${orderBy(keys)} limit ${page.limit} offset ${page.offset}`;
  const { limit, offset } = pastRanked(s.rankedNewest, page);
  return sql`(select ${s.id} as id from (${newest(s.rankedNewest)}) as ${asTable(s)}
      order by ${orderBy(keys)} limit ${page.limit} offset ${page.offset})
    union all
    (select ${s.id} as id from ${s.from} where ${where} order by ${orderBy(s.recent)} limit ${limit} offset ${offset})`;
};

/**
 * The part of a page past the ranked newest `ranked` matches (`KindSpec.rankedNewest`): how many of the older matches
 * (newest first) it takes and how many of them it skips. None while the page ends within the ranked ones: PostgreSQL
 * does not run a part whose limit is 0.
 */
const pastRanked = (ranked: number, page: { limit: unknown; offset: unknown }) => {
  const n = sql.raw(String(ranked));
  return {
    limit: sql`greatest(0, ${page.limit} - greatest(0, ${n} - ${page.offset}))`,
    offset: sql`${n} + greatest(0, ${page.offset} - ${n})`,
  };
};

/** The matches of a condition, counted up to the cap. */
async function countCapped(db: DbOrTx, s: KindSpec, where: SQL): Promise<number> {
  const [r] = await idRows(
    db,
    sql`select null as id, count(*)::int as total
        from (select 1 from ${s.from} where ${where} limit ${MATCH_COUNT_CAP}) capped`,
  );
  return Number(r?.total ?? 0);
}

/**
 * The page rows of every kind with their cards: `branches` are one select per kind (`kind`, `exact`, `walked`,
 * `id`, `total`, `everyone`, `ord`, `cardable`); each row's card is read as JSON by primary key (a correlated
 * read, the card columns of cards.service.ts) when `cardable`. One card read per kind for the whole statement:
 * PostgreSQL prepares every sub-plan of a statement when it starts, so a card read in each branch cost more
 * than the search itself on small tables.
 */
function withCards(kinds: ExploreKind[], branches: SQL[]): SQL {
  const cards = kinds.map((kind, i) => {
    const { columns, from, key } = CARD_SOURCES[kind];
    const select = listOf(Object.entries(columns).map(([name, col]) => sql`${col} as ${sql.identifier(name)}`));
    return sql`when ${sql.raw(String(i))} then (select to_json(c) from (select ${select} from ${from} where ${key} = page.id) c)`;
  });
  return sql`select page.kind, page.exact, page.walked, page.id, page.total, page.everyone, page.ord,
      case when page.cardable then case page.kind ${sql.join(cards, sql` `)} end end as card
    from (${sql.join(branches, sql` union all `)}) page`;
}

/**
 * One kind's page in a search statement: `ids` yields the page's ids in order (with `exact`, and `total` and
 * `everyone` as uncorrelated sub-selects, evaluated once); `ord` numbers them in that order. The page size is
 * bound through a sub-select (see `TermParams`), which PostgreSQL guesses at a tenth of the rows: the constant
 * limit (the largest page) keeps that guess, and the cost of the cards' sub-plans with it, from starting JIT
 * compilation (50 ms for a browse at 100k quests).
 */
const pageBranch = (i: number, walked: SQL, ids: SQL, cardable: SQL = sql`true`) =>
  sql`(select ${sql.raw(`${i}`)} as kind, ids.exact, ${walked} as walked, ids.id, ids.total, ids.everyone,
      (row_number() over ())::int as ord, ${cardable} as cardable
    from (${ids}) ids limit ${sql.raw(String(EXPLORE_LIMITS.pageSizeMax))})`;

/**
 * How a kind's words as written are found (search-cache.ts decides): `auto` samples the newest rows and walks
 * them for a word in most rows, else uses the GIN index (see `denseWalk`); `index` goes straight to the GIN
 * (or trigram) index, for words the sample found rare and for members (no full-text document to sample);
 * `broad` is a term with more matches every member sees than the cap, for any kind: the total is the cap and
 * the page walks the requested order.
 */
type Mode = 'auto' | 'index' | 'broad';

/**
 * A text search of one or more kinds in ONE statement that returns, per kind, the page's ids, the capped
 * total and the cards.
 *
 * Two phases per kind: the words as written; only when they find nothing, near misses (typos), so "gard"
 * never drowns in fuzzy noise and "tlegram" still finds "Telegram". The near-miss CTE is gated on the
 * exact one being empty (a one-time filter: PostgreSQL does not scan when words as written matched).
 *
 * Each phase's matches are fenced in a materialized CTE without ORDER BY, up to the cap + 1: PostgreSQL
 * collects them through the GIN indexes whatever it guesses about their number, and the page is sorted
 * from those narrow rows (one phase of the two is empty), the total being a count of the CTE. (Inlined under
 * ORDER BY … LIMIT, a rare word made the planner walk the created_at index through every row.) Only when a
 * phase passes the cap is its page read again by walking the order, which is then cheap because matches are
 * everywhere (the reward and cost orders have indexes for that); its cards are then not read here. Past the
 * last page the totals are counted alone. A `broad` kind has no CTE: its page walks the order here, its match
 * hidden in `coalesce` (an opaque condition PostgreSQL guesses at half the rows, not at a rare word's 0.5%), so
 * that it walks the order's btree instead of reading every row to sort them.
 */
function textStatement(
  specs: KindSpec[],
  modes: Mode[],
  term: TermParams,
  page: { limit: unknown; offset: unknown },
): SQL {
  const ctes: SQL[] = [];
  const branches: SQL[] = [];
  const cap = sql.raw(String(MATCH_COUNT_CAP));
  const capPlusOne = sql.raw(String(MATCH_COUNT_CAP + 1));
  specs.forEach((s, i) => {
    const exact = exactMatch(s.doc, s.tsv, term);
    const exactKeys = s.keys(matchRank(s.doc, s.tsv, term, 'exact'));
    if (modes[i] === 'broad') {
      const inline = and(s.where, sql`coalesce(${exact}, false)`)!;
      const ids = s.byRelevance
        ? rankRecentSql(s, inline, exactKeys, page)
        : sql`select ${s.id} as id from ${s.from} where ${inline}
              order by ${orderBy(exactKeys)} limit ${page.limit} offset ${page.offset}`;
      const flagged = sql`select id, true as exact, ${capPlusOne} as total, ${capPlusOne} as everyone from (${ids}) broad`;
      branches.push(pageBranch(i, sql`true`, flagged));
      return;
    }
    const columns = (keys: SortKey[], everyone: SQL) => columnsFrom(keys, 0, everyone);
    const columnsFrom = (keys: SortKey[], from: number, everyone: SQL) =>
      sql`${s.id} as id, ${listOf(keys.slice(from).map(([expr], k) => sql`${expr} as ${sql.raw(`k${k + from}`)}`))}, ${everyone} as everyone`;
    const exactColumns = columns(exactKeys, s.everyone);
    // Only the newest matches are ranked (members by relevance, words as written through the index).
    const ranked = s.byRelevance && modes[i] === 'index' ? s.rankedNewest : undefined;
    const [e, f, g, a, n] = ['e', 'f', 'g', 'a', 'n'].map((c) => sql.raw(`${c}${i}`)) as [SQL, SQL, SQL, SQL, SQL];
    // The exact phase's matches, whichever way they were found.
    let m = e;
    let walked = sql`false`;
    if (modes[i] === 'auto' && s.tsv !== null && term.hasTsquery) {
      // A word in most rows: walk the newest rows instead of the GIN index (see denseWalk).
      ctes.push(...denseWalk(s, i, exact, exactColumns));
      ctes.push(sql`${e} as materialized (
        select ${exactColumns} from ${s.from} where ${and(s.where, exact)} and (select gin from ${g}) limit ${capPlusOne})`);
      m = sql.raw(`m${i}`);
      ctes.push(sql`${m} as (
        select * from ${sql.raw(`w${i}`)} where not (select gin from ${g}) union all select * from ${e})`);
      walked = sql`not (select gin from ${g})`;
    } else {
      // Ranking only the newest matches (`KindSpec.rankedNewest`), the matches are collected with their newest-first
      // keys alone (k1…, after the rank's place): the rank is computed below for those newest only.
      const collected = ranked ? columnsFrom(exactKeys, 1, s.everyone) : exactColumns;
      ctes.push(sql`${e} as materialized (
        select ${collected} from ${s.from} where ${and(s.where, exact)} limit ${capPlusOne})`);
    }
    const fuzzyKeys = s.keys(matchRank(s.doc, s.tsv, term, 'fuzzy'));
    ctes.push(sql`${f} as materialized (
      select ${columns(fuzzyKeys, sql`false`)} from ${s.from}
      where ${and(s.where, fuzzyMatch(s.doc, term))} and not exists (select 1 from ${m}) limit ${capPlusOne})`);
    const keyOrder = listOf(exactKeys.map(([, dir], k) => sql.raw(`k${k} ${dir}`)));
    // The total and how many of the matches every member sees, counted in one pass.
    const counted = sql`${n} as materialized (
      select count(*)::int as total, (count(*) filter (where everyone))::int as everyone from ${a})`;
    const totals = sql`(select total from ${n}) as total, (select everyone from ${n}) as everyone`;
    let ids: SQL;
    if (ranked) {
      // The page is its part of: the newest `ranked` matches ranked (their rows read again by primary key for the
      // rank), then the older ones newest first, or else the near misses (one of the two phases is empty).
      ctes.push(sql`${a} as (select id, everyone from ${m} union all select id, everyone from ${f})`, counted);
      const newestOrder = listOf(exactKeys.slice(1).map(([, dir], k) => sql.raw(`k${k + 1} ${dir}`)));
      const past = pastRanked(ranked, page);
      // The rank reads the row by primary key, a sub-select (a join was hashed against a scan of the whole table).
      const rank = sql`(select ${exactKeys[0]![0]} from ${asTable(s)} where ${s.id} = newest.id)`;
      ids = sql`select id, exact, ${totals}
        from ((select id, true as exact
                from (select * from ${m} order by ${newestOrder} limit ${sql.raw(String(ranked))}) newest
                order by ${rank} ${sql.raw(exactKeys[0]![1])}, ${newestOrder} limit ${page.limit} offset ${page.offset})
              union all
              (select id, true from ${m} order by ${newestOrder} limit ${past.limit} offset ${past.offset})
              union all
              (select id, false from ${f} order by ${keyOrder} limit ${page.limit} offset ${page.offset})) tiers`;
    } else {
      // The phase that found something (the other is empty), and the page sorted from it (top-N).
      ctes.push(sql`${a} as (select *, true as exact from ${m} union all select *, false as exact from ${f})`, counted);
      ids = sql`select id, exact, ${totals} from ${a} order by ${keyOrder} limit ${page.limit} offset ${page.offset}`;
    }
    // The walk's newest cap + 1 matches are the page by relevance (ranked) or newest first.
    const walkIsPage = s.byRelevance || s.byNewest ? sql` or ids.walked_page` : sql``;
    branches.push(
      pageBranch(
        i,
        walked,
        sql`select ids.*, ${walked} as walked_page from (${ids}) ids`,
        sql`(ids.total <= ${cap}${walkIsPage})`,
      ),
    );
  });
  const pages = withCards(
    specs.map((s) => s.kind),
    branches,
  );
  return ctes.length ? sql`with ${listOf(ctes)} ${pages}` : pages;
}

/** Rows of a sample of the newest, and how many of them must match for a word to count as dense. */
const DENSE_SAMPLE = 100;
const DENSE_HITS = 34;
/** How many of the newest rows a dense word's walk reads at most before it gives up for the GIN index. */
const DENSE_WALK = 6000;

/**
 * A word in a third or more of the rows ("quest", "the") costs the GIN index a bitmap of every match (10 ms
 * for 100k quests) before the first row is read. Such a word is found by walking the newest rows instead:
 * it meets cap + 1 matches within a few thousand rows, the same work at any size. Whether a word is dense
 * is decided on a sample of the newest `DENSE_SAMPLE` rows (`d`); the walk (`w`) reads at most `DENSE_WALK`
 * of them. `g` says whether the GIN index is needed after all: the word is rare, or the walk found at most
 * the cap in a table larger than its reach (then it may have missed older matches). A table smaller than
 * the reach was walked whole, so `w` is every match. All three are one-time filters of the one statement.
 */
function denseWalk(s: KindSpec, i: number, match: SQL, columns: SQL): SQL[] {
  const [d, w, g] = ['d', 'w', 'g'].map((c) => sql.raw(`${c}${i}`));
  const recent = orderBy(s.recent);
  return [
    sql`${d} as materialized (
      select count(*) filter (where ${match})::int as hits
      from (select ${s.tsv} from ${s.from} order by ${recent} limit ${DENSE_SAMPLE}) as ${asTable(s)})`,
    sql`${w} as materialized (
      select ${columns}
      from (select ${allColumns(s)} from ${s.from} where (select hits from ${d}) >= ${DENSE_HITS}
            order by ${recent} limit ${DENSE_WALK}) as ${asTable(s)}
      where ${and(s.where, match)} order by ${recent} limit ${MATCH_COUNT_CAP + 1})`,
    sql`${g} as materialized (
      select (select hits from ${d}) < ${DENSE_HITS}
        or ((select count(*) from ${w}) <= ${MATCH_COUNT_CAP}
            and (select count(*) from (select 1 from ${s.from} limit ${DENSE_WALK}) as reach) >= ${DENSE_WALK})
        as gin)`,
  ];
}

/**
 * Browsing (no text), every kind asked in ONE statement: each page walks its order directly, with a capped
 * count sub-select and the cards.
 */
function browseStatement(specs: KindSpec[], page: { limit: unknown; offset: unknown }): SQL {
  return withCards(
    specs.map((s) => s.kind),
    specs.map((s, i) => {
      const capped = sql`(select count(*)::int from (select 1 from ${s.from} where ${s.where} limit ${MATCH_COUNT_CAP}) capped)`;
      const ids = sql`select ${s.id} as id, false as exact, ${capped} as total, 0 as everyone from ${s.from}
        where ${s.where} order by ${orderBy(s.keys(undefined))} limit ${page.limit} offset ${page.offset}`;
      return pageBranch(i, sql`false`, ids);
    }),
  );
}

/**
 * The search and browse statements per shape (kinds, their orders, whether there is a tsquery, how each kind
 * is searched), built once with placeholders and run as named prepared statements: composing one with drizzle
 * cost ~2 ms of CPU per search and planning it ~1 ms, more than PostgreSQL spent running it. Their CTEs have no
 * ORDER BY, so a generic plan is as good as a custom one (the GIN index or, on tiny tables, a scan). Searches
 * with filters (whose values shape the SQL) are built and planned each time.
 */
const statements = new Map<string, { query: Query; name: string }>();
const dialect = new PgDialect();

type Base = { filters: ParsedFilters; orderings: Record<ExploreKind, string>; viewerId: string; now: Date };

/** Runs a search or browse statement: named and prepared once per shape, or built with values (filters). */
async function runStatement(
  db: DbOrTx,
  kinds: ExploreKind[],
  base: Base,
  shape: string,
  build: (specs: KindSpec[], page: { limit: unknown; offset: unknown }) => SQL,
  values: Record<string, unknown>,
): Promise<IdRow[]> {
  const specsWith = (viewerId: string | SQLWrapper, now: Date, later: Date) =>
    kinds.map((kind) => SPECS[kind]({ filters: base.filters, ordering: base.orderings[kind], viewerId, now, later }));
  const key = base.filters.length ? null : shape;
  let statement = key ? statements.get(key) : undefined;
  if (!statement) {
    // Bound when the statement runs, through scalar sub-selects (see `TermParams`); the statement's own constants
    // are written into its text, so no value is left for a plan to depend on.
    const placeholders = { limit: bound('limit', 'int'), offset: bound('offset', 'int') };
    const at = (name: string) => bound(name, 'timestamptz') as unknown as Date;
    const built = build(specsWith(bound('viewer', 'uuid'), at('now'), at('later')), placeholders);
    const query = dialect.sqlToQuery(key ? built.inlineParams() : built);
    statement = { query, name: key ? `explore_search_${statements.size + 1}` : '' };
    if (key) statements.set(key, statement);
  }
  const later = new Date(base.now.getTime() + BROAD_MARGIN_MS);
  const prepared = db._.session.prepareQuery(statement.query, undefined, statement.name || undefined, false);
  const res = await prepared.execute({ viewer: base.viewerId, now: base.now, later, ...values });
  return (Array.isArray(res) ? res : (res as { rows: IdRow[] }).rows) as IdRow[];
}

const rowsOf = (rows: IdRow[], i: number) =>
  rows.filter((r) => Number(r.kind) === i).sort((a, b) => Number(a.ord) - Number(b.ord));

/** The cards a statement returned, in its page order. */
const cardsOf = (kind: ExploreKind, rows: IdRow[]) =>
  rows.flatMap((r) => (r.card ? [CARD_FROM_JSON[kind](r.card)] : []));

async function searchText(
  db: DbOrTx,
  kinds: ExploreKind[],
  base: Base,
  term: SearchTerm,
  page: Page,
): Promise<Array<KindPage<AnyCard> & { exact: boolean }>> {
  const memory = searchMemory(db);
  const nowMs = base.now.getTime();
  const filterKey = base.filters.map((f) => `${f.name}=${f.values.join(',')}`).join('&');
  // A kind's terms are remembered by what finds its words as written (`exactMatch`): the tsquery where the kind has
  // a full-text document, else the text itself (quoted, so it is never read as a tsquery).
  const fullText = (kind: ExploreKind) => TSV[kind] !== null && term.tsquery !== null;
  const memoryKeys = kinds.map((kind) => `${fullText(kind) ? term.tsquery : JSON.stringify(term.text)}|${filterKey}`);
  const modes = kinds.map((kind, i): Mode => {
    if (memory.isBroad(kind, memoryKeys[i]!, nowMs)) return 'broad';
    if (!fullText(kind)) return 'index';
    return memory.isRare(kind, memoryKeys[i]!, nowMs) ? 'index' : 'auto';
  });
  const shape = `text|${kinds.join(',')}|${kinds.map((k) => base.orderings[k]).join(',')}|${term.tsquery !== null}|${modes.join(',')}`;
  const rows = await runStatement(
    db,
    kinds,
    base,
    shape,
    (specs, p) => textStatement(specs, modes, termPlaceholders(term), p),
    { ...termValues(term), ...page },
  );

  let specs: KindSpec[] | undefined;
  const params = termParams(term);
  return Promise.all(
    kinds.map(async (kind, i) => {
      const mine = rowsOf(rows, i);
      if (modes[i] === 'broad') {
        // More matches than the cap: the page (ids and cards) walked the order; past the cap pages are empty.
        const count = MATCH_COUNT_CAP;
        return { rows: page.offset < count ? cardsOf(kind, mine) : [], count, exact: true };
      }
      let exact = mine.length > 0 && Boolean(mine[0]!.exact);
      let count = mine.length ? Number(mine[0]!.total) : 0;
      const walked = Boolean(mine[0]?.walked);
      // The sample found the word rare (or the walk fell back): next time, the index alone.
      if (modes[i] === 'auto' && !walked) memory.setRare(kind, memoryKeys[i]!, nowMs);
      if (!mine.length && page.offset > 0) {
        // Past the last page: count alone, with values.
        const s = (specs ??= kinds.map((k) => SPECS[k]({ ...base, ordering: base.orderings[k], later: base.now })))[i]!;
        count = await countCapped(db, s, and(s.where, exactMatch(s.doc, s.tsv, params))!);
        exact = count > 0;
        if (!exact) count = await countCapped(db, s, and(s.where, fuzzyMatch(s.doc, params))!);
      }
      if (count <= MATCH_COUNT_CAP) return { rows: page.offset < count ? cardsOf(kind, mine) : [], count, exact };

      // More matches than the cap. When every member sees that many for a while, remember it (search-cache.ts).
      if (exact && Number(mine[0]?.everyone ?? 0) > MATCH_COUNT_CAP)
        memory.setBroad(kind, memoryKeys[i]!, nowMs + BROAD_MARGIN_MS);
      count = MATCH_COUNT_CAP;
      if (page.offset >= count) return { rows: [], count, exact };
      const s = (specs ??= kinds.map((k) => SPECS[k]({ ...base, ordering: base.orderings[k], later: base.now })))[i]!;
      // The walk found the newest cap + 1 matches: the page by relevance (ranking them) or newest first, with
      // its cards, is already in the answer.
      if (walked && (s.byRelevance || s.byNewest)) return { rows: cardsOf(kind, mine), count, exact };
      // Otherwise the page is read again by walking the order, with values.
      const phase = exact ? 'exact' : 'fuzzy';
      const where = and(s.where, phase === 'exact' ? exactMatch(s.doc, s.tsv, params) : fuzzyMatch(s.doc, params))!;
      const keys = s.keys(matchRank(s.doc, s.tsv, params, phase));
      const ids = (
        s.byRelevance ? await idRows(db, rankRecentSql(s, where, keys, page)) : await walkIds(db, s, where, keys, page)
      ).map((r) => r.id);
      return { rows: ids.length ? await CARDS[kind](db, ids) : [], count, exact };
    }),
  );
}

/** Browsing (no text): every kind asked in one statement; past the last page the totals are counted alone. */
async function browse(
  db: DbOrTx,
  kinds: ExploreKind[],
  base: Base,
  page: Page,
): Promise<Array<KindPage<AnyCard> & { exact: boolean }>> {
  const shape = `browse|${kinds.join(',')}|${kinds.map((k) => base.orderings[k]).join(',')}`;
  const rows = await runStatement(db, kinds, base, shape, browseStatement, { ...page });
  return Promise.all(
    kinds.map(async (kind, i) => {
      const mine = rowsOf(rows, i);
      const s = () => SPECS[kind]({ ...base, ordering: base.orderings[kind], later: base.now });
      const count = mine.length ? Number(mine[0]!.total) : page.offset > 0 ? await countCapped(db, s(), s().where) : 0;
      // Pages end with the (capped) total, as the totals say.
      return { rows: page.offset < count ? cardsOf(kind, mine) : [], count, exact: false };
    }),
  );
}

/**
 * A page's cards by id, in the page's order, for pages read again past the cap. Named prepared statements of a
 * fixed shape: planning the cards' tag and completion sub-selects costs more than running them
 * (docs/decisions/0005).
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

/** Where a search statement reads each kind's card (the card columns of cards.service.ts, by id). */
const CARD_SOURCES: Record<ExploreKind, { columns: Record<string, SQL | PgColumn>; from: SQL; key: PgColumn }> = {
  tasks: { columns: questCardColumns, from: sql`${quests}`, key: quests.id },
  perks: { columns: perkCardColumns, from: sql`${perks}`, key: perks.id },
  users: {
    columns: profileCardColumns,
    from: sql`${users} join ${profiles} on ${profiles.id} = ${users.id}`,
    key: users.id,
  },
};

/** A card read as JSON: its times arrive as ISO strings, as the cards' Date columns expect them. */
function withDates<R>(r: Record<string, unknown>, names: string[]): R {
  for (const n of names) if (typeof r[n] === 'string') r[n] = new Date(r[n]);
  return r as R;
}
const CARD_FROM_JSON: Record<ExploreKind, (r: Record<string, unknown>) => AnyCard> = {
  tasks: (r) => toQuestCard(withDates<QuestCardRow>(r, ['createdAt', 'deadline'])),
  perks: (r) => toPerkCard(withDates<PerkCardRow>(r, ['createdAt', 'deadline'])),
  users: (r) => toProfileCard(withDates<ProfileCardRow>(r, ['dateJoined'])),
};

function inOrder<R>(ids: string[], rows: R[], idOf: (r: R) => string): R[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
}

/** Each kind's full-text document (`KindSpec.tsv`); members have none (their words are found in the text). */
const TSV: Record<ExploreKind, SQL | null> = { tasks: questTsv, perks: perkTsv, users: null };

const relevanceFirst = (rank: SQL | undefined, ...then: SortKey[]): SortKey[] =>
  rank ? [[rank, 'desc'], ...then] : then;

function questSpec(q: KindQuery): KindSpec {
  // Members see what they can join; creators also find their own drafts and closed quests.
  const visible = or(visibleQuest(q.now), and(eq(quests.creatorId, q.viewerId), not(quests.isHidden)))!;
  return {
    kind: 'tasks',
    from: sql`${quests}`,
    table: 'quests',
    everyone: visibleQuest(q.later),
    id: quests.id,
    recent: [
      [quests.createdAt, 'desc'],
      [quests.id, 'desc'],
    ],
    byRelevance: q.ordering === 'relevance',
    byNewest: q.ordering === '-created_at',
    where: and(visible, ...filterConditions('tasks', q.filters))!,
    doc: questDoc,
    tsv: TSV.tasks,
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
    kind: 'perks',
    from: sql`${perks}`,
    table: 'perks',
    everyone: visiblePerk(),
    id: perks.id,
    recent: [
      [perks.createdAt, 'desc'],
      [perks.id, 'desc'],
    ],
    byRelevance: q.ordering === 'relevance',
    byNewest: q.ordering === '-created_at',
    where: and(visible, ...filterConditions('perks', q.filters))!,
    doc: perkDoc,
    tsv: TSV.perks,
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
  // Profiles are joined only for what reads them (the followers order, the account type filter): every account
  // has its profile (accounts.service.ts creates both in one transaction), and joining 100k profiles made
  // PostgreSQL hash them all for a 20-member search. Private profiles are left out by an anti-join against the
  // few of them (the partial index user_settings_private_idx), not by joining every member's settings.
  const withProfiles = q.ordering === '-followers_count' || q.filters.length > 0;
  return {
    from: withProfiles ? sql`${users} join ${profiles} on ${profiles.id} = ${users.id}` : sql`${users}`,
    kind: 'users',
    table: 'users',
    // Every member sees the same members (no drafts of their own, no deadlines): every visible match counts.
    everyone: sql`true`,
    id: users.id,
    recent: [
      [users.dateJoined, 'desc'],
      [users.id, 'desc'],
    ],
    rankedNewest: MEMBER_RANKED_NEWEST,
    byRelevance: q.ordering === 'relevance',
    byNewest: q.ordering === '-created_at',
    // Private profiles stay out of user search (docs/product.md, user settings).
    where: and(
      visibleUser(),
      sql`not exists (select 1 from ${userSettings} where ${userSettings.userId} = ${users.id} and ${userSettings.privateProfile})`,
      ...filterConditions('users', q.filters),
    )!,
    doc: userDoc,
    tsv: TSV.users,
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
  const base = { filters, orderings, ...ctx };
  const pages = term ? await searchText(db, kinds, base, term, page) : await browse(db, kinds, base, page);
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
