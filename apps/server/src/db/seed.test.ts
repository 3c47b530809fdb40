import { existsSync } from 'node:fs';
import path from 'node:path';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';
import {
  banners,
  exploreCategories,
  exploreFilters,
  follows,
  homeSections,
  ledgerEntries,
  notifications,
  perks,
  popularSearches,
  profiles,
  quests,
  tags,
  transactions,
  users,
  wallets,
} from './schema/index.ts';
import { DEMO_PASSWORD, seed, SeedRefusedError, seedIfEmpty } from './seed.ts';
import { checkLedgerInvariants, SYSTEM_WALLET_SHARDS, systemBalance } from '../modules/wallet/wallet.service.ts';

const quiet = { info: () => {} };
const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Array<Record<string, unknown>>;
const countOf = async (t: TestApp, table: PgTable) => {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

describe('seedIfEmpty', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds an empty database once, and only once', async () => {
    expect(await seedIfEmpty(t.db, { config: t.config, log: quiet })).toBe(true);
    const firstUsers = await t.db.select({ id: users.id }).from(users);
    expect(await seedIfEmpty(t.db, { config: t.config, log: quiet })).toBe(false);
    expect(await t.db.select({ id: users.id }).from(users)).toEqual(firstUsers);
    expect(firstUsers).toHaveLength(6);
  });

  it('leaves the ledger consistent: every invariant holds', async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
    expect(await systemBalance(t.db)).toBeLessThan(0); // everything in circulation was minted
  });

  it('gives each demo member the welcome bonus and funds every quest with a maximum through its escrow', async () => {
    const bonuses = await t.db
      .select({ n: count() })
      .from(transactions)
      .where(sql`${transactions.transactionType} = 'system_reward' and ${transactions.description} like 'Welcome to%'`);
    expect(bonuses[0]?.n).toBe(6);
    const escrows = rows(
      await t.db.execute(sql`
        select q.title, q.reward_amount, q.max_participants, w.balance,
          (select count(*) from quest_completions c where c.quest_id = q.id and c.verification_status = 'approved')::int as paid
        from quests q left join wallets w on w.quest_id = q.id and w.kind = 'escrow'`),
    );
    expect(escrows).toHaveLength(10);
    for (const e of escrows) {
      if (e.max_participants == null) expect(e.balance, String(e.title)).toBeNull();
      else
        expect(Number(e.balance), String(e.title)).toBe(
          Number(e.reward_amount) * (Number(e.max_participants) - Number(e.paid)),
        );
    }
    const stakes = await t.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.transactionType, 'stake'));
    expect(stakes[0]?.n).toBe(escrows.filter((e) => e.max_participants != null).length);
  });

  it('makes verified demo members who sign in with the documented password', async () => {
    const ava = (await t.db.select().from(users).where(eq(users.username, 'ava')))[0]!;
    expect(ava.isVerified).toBe(true);
    expect(ava.isStaff).toBe(false);
    expect(ava.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(ava.passwordHash!, DEMO_PASSWORD)).toBe(true);
  });

  it('keeps follower counts equal to the follows', async () => {
    const mismatched = rows(
      await t.db.execute(sql`
        select p.id from profiles p
        where p.followers_count <> (select count(*) from follows f where f.following_id = p.id)
           or p.following_count <> (select count(*) from follows f where f.follower_id = p.id)`),
    );
    expect(mismatched).toEqual([]);
    expect(await countOf(t, follows)).toBeGreaterThan(5);
    const [ava] = await t.db
      .select()
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.username, 'ava'));
    expect(ava!.profiles.followersCount).toBe(5);
  });

  it('has every quest type, every perk type, and the rest of the demo content', async () => {
    const questTypes = (await t.db.selectDistinct({ v: quests.taskType }).from(quests)).map((r) => r.v).sort();
    expect(questTypes).toEqual(['follow', 'join', 'message', 'post', 'start_bot', 'visit', 'watch']);
    const perkTypes = (await t.db.selectDistinct({ v: perks.perkType }).from(perks)).map((r) => r.v).sort();
    expect(perkTypes).toEqual(['discount_code', 'event_invitation', 'exclusive_content', 'telegram_invite']);
    const secretless = await t.db
      .select({ title: perks.title })
      .from(perks)
      .where(
        sql`coalesce(${perks.telegramUrl}, ${perks.discountCode}, ${perks.eventDetails}, ${perks.exclusiveContent}::text) is null`,
      );
    expect(secretless).toEqual([]);
    expect(await countOf(t, tags)).toBe(10);
    expect(await countOf(t, banners)).toBe(3);
    const sectionTypes = (await t.db.select({ v: homeSections.sectionType }).from(homeSections)).map((r) => r.v).sort();
    expect(sectionTypes).toEqual(['perk_carousel', 'task_carousel', 'user_carousel']);
    expect(await countOf(t, exploreCategories)).toBeGreaterThan(3);
    expect(await countOf(t, popularSearches)).toBeGreaterThan(3);
    const filters = await t.db.select().from(exploreFilters);
    expect(filters.map((f) => [f.contentType, f.name, f.filterType]).sort()).toEqual([
      ['perks', 'cost_range', 'radio'],
      ['perks', 'perk_type', 'checkbox'],
      ['perks', 'tags', 'checkbox'],
      ['tasks', 'reward_range', 'radio'],
      ['tasks', 'tags', 'checkbox'],
      ['tasks', 'task_type', 'checkbox'],
      ['users', 'account_type', 'checkbox'],
    ]);
    expect(await countOf(t, notifications)).toBeGreaterThan(10);
  });

  it("serves the banner and cover images from the package's own files, copying nothing into DATA_DIR", async () => {
    const urls = [
      ...(await t.db.select().from(banners)).map((b) => b.imageUrl),
      ...(await t.db.select().from(quests)).map((q) => q.mediaUrl),
    ].filter((u): u is string => Boolean(u));
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString(), url).toBe('PNG');
    }
    // A copy in one instance's data directory is what every other instance could not serve.
    expect(existsSync(path.join(t.config.dataDir, 'media', 'seed'))).toBe(false);
  });

  it('does not seed a database that already has members', async () => {
    const other = await createTestApp();
    try {
      await createMember(other);
      expect(await seedIfEmpty(other.db, { config: other.config, log: quiet })).toBe(false);
      expect(await countOf(other, quests)).toBe(0);
      await expect(seed(other.db, { config: other.config })).rejects.toBeInstanceOf(SeedRefusedError);
      expect(await countOf(other, users)).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe('seed --reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('replaces everything, including the append-only ledger, and stays consistent', async () => {
    await seed(t.db, { config: t.config });
    const stranger = await createMember(t, { username: 'stranger' });
    const [before] = await t.db.select().from(users).where(eq(users.username, 'ava'));
    const entriesBefore = await countOf(t, ledgerEntries);

    const summary = await seed(t.db, { config: t.config, reset: true });
    expect(summary).toMatchObject({ members: 6, quests: 10, perks: 6, banners: 3 });
    const [after] = await t.db.select().from(users).where(eq(users.username, 'ava'));
    expect(after!.id).not.toBe(before!.id);
    expect(await t.db.select().from(users).where(eq(users.id, stranger.user.id))).toEqual([]);
    expect(await countOf(t, users)).toBe(6);
    expect(await countOf(t, ledgerEntries)).toBe(entriesBefore - 2); // the stranger's welcome bonus is gone
    expect(await countOf(t, wallets)).toBe(6 + SYSTEM_WALLET_SHARDS + (await countOf(t, quests)) - 3); // members, system, escrows
    expect(await checkLedgerInvariants(t.db)).toEqual([]);

    // The API still works on the re-seeded data.
    const ava = await createMember(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/club/homepage/complete/', headers: ava.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().banner_sliders).toHaveLength(3);
  });
});
