import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { idempotencyRecords } from '../db/schema/index.ts';
import type { Outcome } from './idempotent-effect.ts';
import { executeNamed, preparedPerDb } from './prepared.ts';

/** Whose key, for which request: what a key's record is written under. */
export type KeyRecord = { userId: string; key: string; method: string; path: string; hash: string };

/**
 * When a refusal is kept, as ONE SQL text over each attempt's own values: `v.user_id` (the member), and the columns
 * named in `columns` (`name type` pairs, as in `jsonb_to_recordset`'s column list). Being one text, the refusals that
 * arrive together are kept by one statement whatever their values. Declare each condition once, at module level:
 * refusals are batched per condition object.
 */
export type RefusalCondition = { columns: string; where: SQL };

/** Kept whatever the rows hold (the key only has to be new). */
export const ALWAYS: RefusalCondition = { columns: '', where: sql`true` };

/** A refusal to keep under `record`'s key when `condition` holds for `values`. */
export type KeptRefusal = {
  record: KeyRecord;
  outcome: Outcome;
  condition: RefusalCondition;
  values: Record<string, unknown>;
};

/** At most this many refusals in one statement. */
const BATCH_MAX = 500;

const scopeOf = (r: { userId: string; method: string; path: string; key: string }) =>
  JSON.stringify([r.userId, r.method, r.path, r.key]);

type Waiter = { refusal: KeptRefusal; resolve: (kept: boolean) => void; reject: (err: unknown) => void };

/** The statement keeping `rows` (all under one condition): each row's key, when its condition holds and it is new. */
async function insertKept(db: DbOrTx, condition: RefusalCondition, rows: KeptRefusal[]): Promise<Set<string>> {
  const values = rows.map(({ record, outcome, values }) => ({
    ...values,
    user_id: record.userId,
    key: record.key,
    method: record.method,
    path: record.path,
    request_hash: record.hash,
    status_code: outcome.status,
    response_body: outcome.body,
  }));
  const extra = condition.columns ? `, ${condition.columns}` : '';
  // Named (lib/prepared.ts): its text is the same for every batch under this condition; the rows are one parameter.
  const { rows: kept } = await executeNamed<{ user_id: string; method: string; path: string; key: string }>(
    db,
    sql`insert into ${idempotencyRecords}
      (user_id, key, method, path, request_hash, status_code, response_body)
    select v.user_id, v.key, v.method, v.path, v.request_hash, v.status_code, v.response_body
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(user_id uuid, key text, method text, path text,
      request_hash text, status_code int, response_body jsonb${sql.raw(extra)})
    where ${condition.where}
    on conflict do nothing
    returning user_id::text as user_id, method, path, key`,
  );
  return new Set(kept.map((k) => scopeOf({ userId: k.user_id, method: k.method, path: k.path, key: k.key })));
}

/**
 * Keeps refusals as their Idempotency-Keys' answers, each only when its condition holds and its key is new: true when
 * it was kept. The refusals asked for in one turn of the event loop are kept by one statement per condition (a flash
 * sale's hundreds of "out of stock" at once: one round trip and one commit instead of one each, issue #17). A
 * statement that fails (one row's value refused by a cast, say) is tried again row by row, so one bad row fails
 * only its own request. A key asked for twice in one turn is kept by the first, then tried after it.
 */
export function createRefusalKeeper(db: DbOrTx): (refusal: KeptRefusal) => Promise<boolean> {
  let waiting: Map<RefusalCondition, Map<string, Waiter>> | null = null;

  const keepBatch = async (condition: RefusalCondition, batch: Waiter[]) => {
    let kept: Set<string>;
    try {
      kept = await insertKept(
        db,
        condition,
        batch.map((w) => w.refusal),
      );
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      await Promise.all(batch.map((w) => keepBatch(condition, [w])));
      return;
    }
    for (const w of batch) w.resolve(kept.has(scopeOf(w.refusal.record)));
  };

  const keepWaiting = async () => {
    const byCondition = waiting!;
    waiting = null;
    const batches: Promise<void>[] = [];
    for (const [condition, waiters] of byCondition) {
      const all = [...waiters.values()];
      for (let i = 0; i < all.length; i += BATCH_MAX) batches.push(keepBatch(condition, all.slice(i, i + BATCH_MAX)));
    }
    await Promise.all(batches);
  };

  const keep = (refusal: KeptRefusal): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      if (!waiting) {
        waiting = new Map();
        setImmediate(() => void keepWaiting());
      }
      let waiters = waiting.get(refusal.condition);
      if (!waiters) waiting.set(refusal.condition, (waiters = new Map()));
      const scope = scopeOf(refusal.record);
      const first = waiters.get(scope);
      if (first) {
        // The same key twice at once: after the first is kept (or not), this one is decided on its own.
        const after = new Promise<void>((done) => {
          const { resolve: r1, reject: j1 } = first;
          first.resolve = (v) => (r1(v), done());
          first.reject = (e) => (j1(e), done());
        });
        void after.then(() => keep(refusal).then(resolve, reject));
        return;
      }
      waiters.set(scope, { refusal, resolve, reject });
    });
  return keep;
}

/** `createRefusalKeeper`'s keeper for `db`, made on first use and shared by every request on it. */
export const refusalKeeper = preparedPerDb(createRefusalKeeper);
