import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import argon2 from 'argon2';
import { count, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';
import type { Db, Tx } from './client.ts';
import * as schema from './schema/index.ts';
import { users } from './schema/index.ts';
import { homeContentChanged } from '../modules/home/homepage-cache.ts';
import { SEED_ASSETS_DIR, SEED_MEDIA_PREFIX } from '../integrations/media-storage.ts';
import { openMediaStorage } from '../integrations/open-media-storage.ts';
import { seedContent, type SeedSummary } from './seed/seed-content.ts';

/**
 * Demo content so a newcomer sees a living app (README.md, Run it). This file decides when and how to seed
 * (one transaction per run, behind an advisory lock, refusing a database that already has members unless
 * reset); seed/seed-content.ts loads the data that seed/*-data.ts describes.
 */

export type { SeedSummary } from './seed/seed-content.ts';
export { DEMO_SECRETS } from './seed/perks-data.ts';

/** Every demo member signs in with this password (documented in the README). */
export const DEMO_PASSWORD = 'wyn-demo-password';

/** Deletes every row of every table (TRUNCATE fires no row triggers, so the append-only ledger allows it). */
async function truncateAll(tx: Tx) {
  const names = (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => is(t, PgTable))
    .map((t) => `"${getTableName(t)}"`);
  await tx.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

/**
 * Makes the seed images readable by every instance. On disk nothing is copied: `/media/seed/` serves the
 * package's own files (a copy in one instance's DATA_DIR was a 404 on every other). With object storage they
 * are uploaded to the bucket (replacing older copies), from which every instance reads `/media/*`.
 * Returns how many were uploaded.
 */
export async function publishSeedMedia(config: Config): Promise<number> {
  const storage = openMediaStorage(config);
  if (storage.kind !== 'object') return 0;
  // The images and their display-width variants (decision 0017).
  const types: Record<string, string> = { '.png': 'image/png', '.webp': 'image/webp' };
  const files = (await readdir(SEED_ASSETS_DIR)).filter((f) => path.extname(f).toLowerCase() in types);
  for (const f of files)
    await storage.putNamed(
      SEED_MEDIA_PREFIX + f,
      await readFile(path.join(SEED_ASSETS_DIR, f)),
      types[path.extname(f).toLowerCase()]!,
    );
  return files.length;
}

async function lockSeeding(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wyn:seed'))`);
}

async function userCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

const hashDemoPassword = () => argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });

export class SeedRefusedError extends Error {}

/**
 * Seeds the demo content in one transaction. With `reset`, every table is emptied first. Without it the
 * database must have no members yet.
 */
export async function seed(db: Db, opts: { config: Config; reset?: boolean }): Promise<SeedSummary> {
  const passwordHash = await hashDemoPassword();
  await publishSeedMedia(opts.config);
  const summary = await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (opts.reset) await truncateAll(tx);
    else if ((await userCount(tx)) > 0)
      throw new SeedRefusedError(
        'The database already has members; use --reset to replace everything with the demo content.',
      );
    return seedContent(tx, opts.config, passwordHash);
  });
  homeContentChanged();
  return summary;
}

/** Seeds only a database without members (first start). Returns whether it seeded. */
export async function seedIfEmpty(
  db: Db,
  opts: { config: Config; log?: { info(obj: object, msg: string): void } },
): Promise<boolean> {
  if ((await userCount(db)) > 0) return false;
  const passwordHash = await hashDemoPassword();
  await publishSeedMedia(opts.config);
  const summary = await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if ((await userCount(tx)) > 0) return null; // another instance seeded while we waited for the lock
    return seedContent(tx, opts.config, passwordHash);
  });
  if (summary) {
    homeContentChanged();
    opts.log?.info({ seed: summary }, `Seeded demo content (demo members sign in with password "${DEMO_PASSWORD}")`);
  }
  return summary !== null;
}
