import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema/index.ts';
import { DatabaseLockedError, migrationsFolder, sessionSettings, type Database, type Db } from './database.ts';

// The embedded database (PGlite), loaded by client.ts only when there is no DATABASE_URL.

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
