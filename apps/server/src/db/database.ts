import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type * as schema from './schema/index.ts';
import { MIGRATIONS_DIR } from '../server-paths.ts';

// What both database kinds share: the handle's type and the settings of every connection (client.ts opens
// PostgreSQL, pglite-client.ts the embedded database).

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services take this and pass `tx` down. */
export type DbOrTx = Db | Tx;

/** Where the job queue keeps its jobs: the embedded database itself, or the PostgreSQL server at `url`. */
export type QueueConnection = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the job queue keeps its jobs (integrations/job-queue.ts): this PGlite, or this server. */
  queueConnection: QueueConnection;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: PGlite's own client, or a dedicated PostgreSQL connection that reconnects
   * (`onReconnect` then says notifications may have been missed). Resolves to a stop function.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
};

export const migrationsFolder = MIGRATIONS_DIR;

export class DatabaseLockedError extends Error {}

/**
 * Word similarity an Explore search match needs (pg_trgm's default is 0.6). At 0.5 a one-letter slip in a word
 * of six or more letters still matches ("tlegram" → "telegram", "tutorual" → "tutorial"). Every connection
 * sets it when it opens, so a search needs no transaction to set it.
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * Settings of every connection, set once when it opens rather than per request:
 * - Explore's near-miss threshold (see `WORD_SIMILARITY_THRESHOLD`); only its search uses `<%`. Set before
 *   pg_trgm loads, PostgreSQL keeps it as a placeholder the extension adopts.
 * - No parallel workers: this API runs many short queries at once on two cores, and launching workers cost
 *   the 1M-message chat list 6 ms for a query that runs in 1 ms alone (docs/decisions/0007).
 */
export const sessionSettings: Record<string, string> = {
  'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
  max_parallel_workers_per_gather: '0',
};
