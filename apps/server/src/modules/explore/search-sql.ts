import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { perks, quests, users } from '../../db/schema/index.ts';

/**
 * The searched expressions. They must stay exactly the expressions indexed in migration 0002_search
 * (GIN trigram on the lower-cased text, GIN on the 'simple' tsvector) or the planner falls back to scans.
 */
export const questDoc = sql`lower(${quests.title} || ' ' || ${quests.description})`;
export const questTsv = sql`to_tsvector('simple'::regconfig, ${quests.title} || ' ' || ${quests.description})`;
export const perkDoc = sql`lower(${perks.title} || ' ' || ${perks.description})`;
export const perkTsv = sql`to_tsvector('simple'::regconfig, ${perks.title} || ' ' || ${perks.description})`;
export const userDoc = sql`lower(coalesce(${users.username}, '') || ' ' || coalesce(${users.tgUsername}, '') || ' ' || ${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Word similarity a match needs (pg_trgm's default is 0.6). At 0.5 a one-letter slip in a word of six
 * or more letters still matches ("tlegram" → "telegram", "tutorual" → "tutorial").
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

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
 * Phase one, the words as written: every query word starts a word of the row (full-text prefix), or,
 * where there is no tsvector (members), the text appears in it.
 */
export function exactMatch(doc: SQL, tsv: SQL | null, term: SearchTerm): SQL {
  if (!tsv || !term.tsquery) return sql`${doc} like ${containing(term.text)}`;
  return sql`${tsv} @@ to_tsquery('simple', ${term.tsquery})`;
}

/** Phase two, only when phase one found nothing: the query is word-similar to a run of the row's text. */
export function fuzzyMatch(doc: SQL, term: SearchTerm): SQL {
  return sql`${term.text} <% ${doc}`;
}

/** Relevance within a phase: full-text rank for exact matches, word similarity for near misses. */
export function matchRank(doc: SQL, tsv: SQL | null, term: SearchTerm, phase: 'exact' | 'fuzzy'): SQL<number> {
  if (phase === 'exact' && tsv && term.tsquery)
    return sql<number>`ts_rank(${tsv}, to_tsquery('simple', ${term.tsquery}))`;
  return sql<number>`word_similarity(${term.text}, ${doc})`;
}

/**
 * `id = any(array(<ids matching the text>))`: the matching ids are found first, through the GIN indexes,
 * and the rows are then read by primary key. Written inline (`id in (...)`, or `and`-ed with the other
 * conditions) the planner misjudges how many rows match and walks the created_at index instead, reading
 * every row (seconds at 100k rows for a rare word).
 */
export function idsMatching(id: PgColumn, table: PgTable, match: SQL): SQL {
  return sql`${id} = any(array(select ${id} from ${table} where ${match}))`;
}
