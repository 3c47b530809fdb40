import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { createMember } from '../../test/users.ts';
import { keptAnswers } from '../../test/kept-answers.ts';
import { idempotencyRecords } from '../db/schema/index.ts';
import { ALWAYS, createRefusalKeeper, type KeyRecord, type RefusalCondition } from './kept-refusals.ts';

/**
 * The refusals asked for together are kept by one statement (issue #17, a flash sale's "out of stock"), each only when
 * its own condition holds and its key is new, and one bad row fails only its own request.
 */
describe('keeping refusals under their Idempotency-Keys', () => {
  let t: TestApp;
  const members: string[] = [];
  const EVEN: RefusalCondition = { columns: 'n int', where: sql`v.n % 2 = 0` };
  const AS_UUID: RefusalCondition = { columns: 'ref uuid', where: sql`v.ref is not null` };
  const outcome = (i: number) => ({ status: 409, body: { detail: `Refusal ${i}.`, code: 'test' } });
  const record = (userId: string, key: string): KeyRecord => ({
    userId,
    key,
    method: 'POST',
    path: '/api/v1/test/',
    hash: `hash-${key}`,
  });
  /** The transactions that wrote the member's kept keys: rows written by one statement share one. */
  const writers = async (keys: string[]) => {
    const { rows } = (await t.db.execute(sql`select count(distinct xmin::text)::int as n
      from ${idempotencyRecords} where key = any(${`{${keys.join(',')}}`}::text[])`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return rows[0]!.n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 12; i++) members.push((await createMember(t)).user.id);
  });
  afterAll(() => t.close());

  it('keeps the refusals of one turn in one statement, each where its own condition holds', async () => {
    const keep = createRefusalKeeper(t.db);
    const kept = await Promise.all(
      members.map((m, i) =>
        keep({ record: record(m, `turn-${i}`), outcome: outcome(i), condition: EVEN, values: { n: i } }),
      ),
    );
    expect(kept).toEqual(members.map((_, i) => i % 2 === 0));
    for (const [i, m] of members.entries())
      expect(await keptAnswers(t.db, m, `turn-${i}`)).toEqual(i % 2 === 0 ? [outcome(i)] : []);
    const [row] = await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, 'turn-0'));
    expect(row).toMatchObject({ method: 'POST', path: '/api/v1/test/', requestHash: 'hash-turn-0' });
    expect(await writers(members.filter((_, i) => i % 2 === 0).map((_, i) => `turn-${i * 2}`))).toBe(1);
  });

  it('keeps a key asked for twice at once only once, and refuses a key that is taken', async () => {
    const keep = createRefusalKeeper(t.db);
    const [m] = members;
    const same = { record: record(m!, 'twice'), condition: ALWAYS, values: {} };
    expect(await Promise.all([keep({ ...same, outcome: outcome(1) }), keep({ ...same, outcome: outcome(2) })])).toEqual(
      [true, false],
    );
    expect(await keptAnswers(t.db, m!, 'twice')).toEqual([outcome(1)]);
    expect(await keep({ ...same, outcome: outcome(3) })).toBe(false);
    expect(await keptAnswers(t.db, m!, 'twice')).toEqual([outcome(1)]);
  });

  it('fails only the request whose value the statement refuses', async () => {
    const keep = createRefusalKeeper(t.db);
    const results = await Promise.allSettled(
      members.slice(0, 4).map((m, i) =>
        keep({
          record: record(m, `cast-${i}`),
          outcome: outcome(i),
          condition: AS_UUID,
          values: { ref: i === 2 ? 'not-a-uuid' : members[i] },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([true, true, true]);
    expect(await keptAnswers(t.db, members[2]!, 'cast-2')).toEqual([]);
    expect(await keptAnswers(t.db, members[3]!, 'cast-3')).toEqual([outcome(3)]);
  });

  it('keeps refusals under different conditions each by its own statement in the same turn', async () => {
    const keep = createRefusalKeeper(t.db);
    const [a, b] = members;
    expect(
      await Promise.all([
        keep({ record: record(a!, 'mixed-a'), outcome: outcome(1), condition: EVEN, values: { n: 4 } }),
        keep({ record: record(b!, 'mixed-b'), outcome: outcome(2), condition: ALWAYS, values: {} }),
      ]),
    ).toEqual([true, true]);
    expect(await keptAnswers(t.db, b!, 'mixed-b')).toEqual([outcome(2)]);
  });
});
