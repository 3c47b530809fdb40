import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { listenPostgres } from '../integrations/live-events-pg.ts';
import { MIGRATIONS_DIR } from '../server-paths.ts';

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

const migrationsFolder = MIGRATIONS_DIR;

export class DatabaseLockedError extends Error {}

/** One process per PGlite data directory: a pid file refuses a second one with a clear message. */
function lockDataDir(dir: string): () => void {
  const lockFile = path.join(dir, 'wyn.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (alive)
      throw new DatabaseLockedError(
        `The embedded database in ${dir} is in use by process ${pid}. Stop it first, or set DATABASE_URL to use PostgreSQL for several processes.`,
      );
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

/** Trigram matching for Explore search (migration 0002 runs `create extension pg_trgm`). */
const extensions = { pg_trgm };

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
const sessionSettings: Record<string, string> = {
  'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD),
  max_parallel_workers_per_gather: '0',
};

/**
 * The embedded PostgreSQL's buffers: PGlite's default shared buffers (160 MB, sized from its 128 MB starting memory)
 * fill with pages over time and stay resident. 16 MB serves one club on one process (the whole demo database is a
 * few MB); PostgreSQL, with DATABASE_URL, is for more (docs/performance.md, start and memory).
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

export async function openPglite(dataDir: string | null): Promise<Database> {
  let unlock = () => {};
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dataDir);
    client = new PGlite(dir, { extensions, postgresqlconf: PGLITE_CONF });
  } else {
    client = new PGlite({ extensions, postgresqlconf: PGLITE_CONF });
  }
  await client.waitReady;
  // One connection: a session-level SET lasts for the life of the database handle.
  await client.exec(
    Object.entries(sessionSettings)
      .map(([name, value]) => `set ${name} = '${value}';`)
      .join('\n'),
  );
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queueConnection: { kind: 'pglite', client },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** Any fixed number: the key every instance's migration waits on. */
const MIGRATION_LOCK_KEY = 7_204_913_001;

/**
 * Migrations under a session-level advisory lock on one connection: instances that start together on an
 * empty database take turns (without it, two `create type`s of the first migration collide and one process
 * dies on pg_type_typname_nsp_index). Whoever comes second finds every migration applied and does nothing.
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export async function openPostgres(url: string, max = 20): Promise<Database> {
  const options = Object.entries(sessionSettings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({ connectionString: url, max, options });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    queueConnection: { kind: 'postgres', url },
    migrate: () => migrateLocked(pool),
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect),
    close: () => pool.end(),
  };
}

export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  poolSize?: number;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}
