import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../src/db/client.ts';
import { wallets } from '../src/db/schema/index.ts';

/**
 * Row locks seen from outside, for the PostgreSQL tests of who waits for whom (decision 0022): a transaction that
 * holds rows until the test lets it go, a wait until some statement waits for a lock, and whether a wallet's row is
 * locked right now.
 */

/** Until a statement of this test's database waits for a row lock. */
export async function someoneWaitsForALock(db: Db): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { rows } = (await db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: Array<{ n: number }> };
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no statement waited for a lock');
}

/** Holds rows in a transaction of its own until `commit`: `then` runs in it last, and it commits. */
export function holdWhile(db: Db, lock: (tx: Tx) => Promise<unknown>) {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  let locked: () => void = () => {};
  const isLocked = new Promise<void>((r) => (locked = r));
  let change: (tx: Tx) => Promise<unknown> = async () => {};
  const done = db.transaction(async (tx) => {
    await lock(tx);
    locked();
    await released;
    await change(tx);
  });
  return {
    isLocked,
    done,
    commit: (then: (tx: Tx) => Promise<unknown> = async () => {}) => {
      change = then;
      release();
      return done;
    },
  };
}

/** Whether another transaction holds the wallet's row now (a `for update nowait` of it is refused). */
export async function walletIsLocked(db: Db, walletId: string): Promise<boolean> {
  try {
    await db.transaction((tx) =>
      tx.execute(sql`select id from ${wallets} where id = ${walletId}::uuid for update nowait`),
    );
    return false;
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '55P03') return true;
    throw err;
  }
}

/**
 * Holds wallet `hold` while `start` runs until it waits for a lock, and tells whether wallet `check` was locked
 * meanwhile (by what `start` began); then lets it go on and returns its outcome.
 */
export async function whileWalletHeld<T>(
  db: Db,
  wallet: { hold: string; check: string },
  start: () => Promise<T>,
): Promise<{ checkedWasLocked: boolean; outcome: T }> {
  const held = holdWhile(db, (tx) =>
    tx.execute(sql`select id from ${wallets} where id = ${wallet.hold}::uuid for update`),
  );
  await held.isLocked;
  const running = start();
  let checkedWasLocked: boolean;
  try {
    await someoneWaitsForALock(db);
    checkedWasLocked = await walletIsLocked(db, wallet.check);
  } finally {
    await held.commit();
  }
  return { checkedWasLocked, outcome: await running };
}
