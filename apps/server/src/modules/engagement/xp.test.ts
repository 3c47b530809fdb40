import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { leaderboardScores, seasons, xpEntries } from '../../db/schema/index.ts';
import { awardXp, boardKey, levelForXp, weekKey, xpForLevel, xpLevel, xpOf } from './xp.service.ts';

describe('levels (docs/product.md: level L needs 50·(L−1)·L XP)', () => {
  it('starts at level 1 and follows the curve at its edges', () => {
    expect([0, 99, 100, 299, 300, 599, 600].map(levelForXp)).toEqual([1, 1, 2, 2, 3, 3, 4]);
    for (let level = 1; level < 200; level += 1) {
      expect(levelForXp(xpForLevel(level))).toBe(level);
      expect(levelForXp(xpForLevel(level + 1) - 1)).toBe(level);
    }
    expect(xpLevel(150)).toEqual({ xp: 150, level: 2, next_level_xp: 300 });
  });

  it('keys weeks from Monday 00:00 UTC', () => {
    expect(weekKey(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // a Monday
    expect(weekKey(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23'); // the Sunday after
    expect(weekKey(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(boardKey('month', { at: new Date('2026-11-30T00:00:00Z'), creatorId: 'c1' })).toBe('month:2026-11|c:c1');
  });
});

describe('awardXp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('awards once per source, onto every board it counts on, and refuses changes to the XP ledger', async () => {
    const m = await createMember(t);
    const creator = await createMember(t);
    const at = new Date('2026-11-25T12:00:00Z');
    const [season] = await t.db
      .insert(seasons)
      .values({ name: 'Autumn', startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z') })
      .returning();
    const award = {
      userId: m.user.id,
      amount: 25,
      source: 'quest' as const,
      sourceId: 'c-1',
      creatorId: creator.user.id,
      at,
    };
    expect(await t.db.transaction((tx) => awardXp(tx, award))).toBe(true);
    expect(await t.db.transaction((tx) => awardXp(tx, award))).toBe(false);
    await t.db.transaction((tx) => awardXp(tx, { ...award, amount: 80, sourceId: 'c-2', creatorId: null }));
    expect(await xpOf(t.db, m.user.id)).toEqual({ xp: 105, level: 2, next_level_xp: 300 });
    const boards = await t.db
      .select({ board: leaderboardScores.board, xp: leaderboardScores.xp })
      .from(leaderboardScores)
      .where(eq(leaderboardScores.userId, m.user.id));
    const c = creator.user.id;
    expect(Object.fromEntries(boards.map((b) => [b.board, b.xp]))).toEqual({
      all: 105,
      'week:2026-11-23': 105,
      'month:2026-11': 105,
      [`season:${season!.id}`]: 105,
      [`all|c:${c}`]: 25,
      [`week:2026-11-23|c:${c}`]: 25,
      [`month:2026-11|c:${c}`]: 25,
      [`season:${season!.id}|c:${c}`]: 25,
    });
    await expect(
      t.db
        .update(xpEntries)
        .set({ amount: 1 })
        .where(and(eq(xpEntries.userId, m.user.id), eq(xpEntries.sourceId, 'c-1'))),
    ).rejects.toThrow();
  });
});
