import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { listenPostgres } from '../integrations/live-events-pg.ts';
import { migrationsFolder, sessionSettings, type Database, type Db } from './database.ts';

export {
  DatabaseLockedError,
  type Database,
  type Db,
  type DbOrTx,
  type QueueConnection,
  type Schema,
  type Tx,
} from './database.ts';

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

/**
 * The embedded database's code (PGlite, its WebAssembly and drizzle's PGlite driver) loads only when there is no
 * DATABASE_URL: a server on PostgreSQL never reads it (docs/performance.md, start and memory).
 */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const embedded = await import('./pglite-client.ts');
  return embedded.openPglite(dataDir);
}

export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  poolSize?: number;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}
