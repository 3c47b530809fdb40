import { sql, type SQL } from 'drizzle-orm';
import { perks, quests, users } from '../../db/schema/index.ts';

/**
 * The searched text. The trigram documents must stay exactly the expressions indexed in migration
 * 0002_search (GIN trigram on the lower-cased text) or the planner falls back to scans. The full-text
 * documents are the stored `search_tsv` columns of migration 0003 (GIN indexed): a prefix match or a rank
 * reads them instead of recomputing to_tsvector for every candidate row.
 */
export const questDoc = sql`lower(${quests.title} || ' ' || ${quests.description})`;
export const questTsv = sql.raw('"quests"."search_tsv"');
export const perkDoc = sql`lower(${perks.title} || ' ' || ${perks.description})`;
export const perkTsv = sql.raw('"perks"."search_tsv"');
export const userDoc = sql`lower(coalesce(${users.username}, '') || ' ' || coalesce(${users.tgUsername}, '') || ' ' || ${users.firstName} || ' ' || ${users.lastName})`;

export type SearchTerm = {
  /** Lower-cased, trimmed, single-spaced. */
  text: string;
  /** Every word as a prefix, all required ("gard club" → `gard:* & club:*`); null without any word. */
  tsquery: string | null;
};

/** Normalises a query; null when it is blank (browse everything). */
export function searchTerm(query: string): SearchTerm | null {
  const text = query.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!text) return null;
  // Only letters and digits reach to_tsquery, so no query can be a tsquery syntax error.
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return { text, tsquery: words.length ? words.map((w) => `${w}:*`).join(' & ') : null };
}

/** LIKE pattern for text anywhere (the trigram index serves LIKE too). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The values a search statement binds: the values themselves, or, in a statement built once and reused (its
 * text depends only on whether there is a tsquery), placeholders read through scalar sub-selects. PostgreSQL
 * cannot see into those when it plans, so every plan of the prepared statement costs the same and it keeps
 * the generic one instead of planning again on every search (0.5 ms of the 0.7 ms a search spent in
 * PostgreSQL). The tsquery is then parsed once per statement, not per row.
 */
export type TermParams = { text: unknown; query: unknown; like: unknown; hasTsquery: boolean };

export const termValues = (term: SearchTerm) => ({
  text: term.text,
  tsquery: term.tsquery,
  like: containing(term.text),
});

export const termParams = (term: SearchTerm): TermParams => ({
  text: term.text,
  query: sql`to_tsquery('simple', ${term.tsquery})`,
  like: containing(term.text),
  hasTsquery: term.tsquery !== null,
});

/** A placeholder as a scalar sub-select of the given type (see `TermParams`). */
export const bound = (name: string, type: string): SQL => sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;

export const termPlaceholders = (term: SearchTerm): TermParams => ({
  text: bound('text', 'text'),
  query: sql`(select to_tsquery('simple', ${sql.placeholder('tsquery')}::text))`,
  like: bound('like', 'text'),
  hasTsquery: term.tsquery !== null,
});

/**
 * Phase one, the words as written: every query word starts a word of the row (full-text prefix), or,
 * where there is no tsvector (members), the text appears in it.
 */
export function exactMatch(doc: SQL, tsv: SQL | null, term: TermParams): SQL {
  if (!tsv || !term.hasTsquery) return sql`${doc} like ${term.like}`;
  return sql`${tsv} @@ ${term.query}`;
}

/** Phase two, only when phase one found nothing: the query is word-similar to a run of the row's text. */
export function fuzzyMatch(doc: SQL, term: TermParams): SQL {
  return sql`${term.text} <% ${doc}`;
}

/** Relevance within a phase: full-text rank for exact matches, word similarity for near misses. */
export function matchRank(doc: SQL, tsv: SQL | null, term: TermParams, phase: 'exact' | 'fuzzy'): SQL<number> {
  if (phase === 'exact' && tsv && term.hasTsquery) return sql<number>`ts_rank(${tsv}, ${term.query})`;
  return sql<number>`word_similarity(${term.text}, ${doc})`;
}
