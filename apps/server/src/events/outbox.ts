import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { outboxEvents } from '../db/schema/index.ts';
import type { CommittedEvent, DomainEvent } from './domain-events.ts';

/**
 * The PostgreSQL channel that tells every instance of a committed event (NOTIFY is delivered at commit and
 * dropped on rollback), for the in-process consumers of the instances that did not make the change.
 */
export const EVENTS_CHANNEL = 'wyn_events';

/** What hears of events once their transaction committed (the event bus of one app instance). */
export type CommitListener = (events: CommittedEvent[]) => Promise<void>;

type Batch = CommittedEvent[];
type Transactional = { transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/** The events each open transaction (or savepoint) has recorded so far. */
const batches = new WeakMap<object, Batch>();
/** The listener of each tracked database handle, for events recorded outside any transaction. */
const listeners = new WeakMap<object, CommitListener>();

/**
 * Records a domain event in the caller's transaction: the outbox row commits or rolls back with the change.
 * Nothing reacts yet; once the outermost transaction has committed, the database's listener receives the
 * batch (an event recorded on the bare database, outside a transaction, is committed at once).
 */
export async function recordEvent(tx: DbOrTx, event: DomainEvent): Promise<void> {
  const [row] = await tx
    .insert(outboxEvents)
    .values({ type: event.type, payload: event.payload })
    .returning({ id: outboxEvents.id });
  const committed = { ...event, id: row!.id } as CommittedEvent;
  // NOTIFY carries at most 8000 bytes: a long payload goes without its details (caches need only the type).
  const full = JSON.stringify(committed);
  const wire = full.length < 7000 ? full : JSON.stringify({ id: committed.id, type: committed.type, payload: {} });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${wire})`);
  const batch = batches.get(tx);
  if (batch) {
    batch.push(committed);
    return;
  }
  // Autocommit: the insert above is already committed. An untracked handle (a script) leaves it to the sweeper.
  await listeners.get(tx)?.([committed]);
}

/** Tracks a transaction object: its savepoints get batches of their own that join it only if they commit. */
function track(tx: Transactional, batch: Batch): void {
  batches.set(tx, batch);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = async (fn, config) => {
    const inner: Batch = [];
    const result = await savepoint(
      ((sp: Transactional) => {
        track(sp, inner);
        return (fn as (tx: Transactional) => Promise<unknown>)(sp);
      }) as never,
      config,
    );
    batch.push(...inner);
    return result;
  };
}

/**
 * Makes `db.transaction` tell `listener` about the events recorded in it, after it committed and before it
 * returns: a change is answered only once its in-process consumers (the home cache) have heard of it. A
 * transaction that throws (rolled back) reports nothing. Returns a function that restores the handle.
 */
export function trackCommits(db: Db, listener: CommitListener): () => void {
  const handle = db as unknown as Transactional;
  const own = Object.prototype.hasOwnProperty.call(handle, 'transaction');
  const original = handle.transaction;
  const begin = original.bind(handle);
  listeners.set(db, listener);
  handle.transaction = async (fn, config) => {
    const batch: Batch = [];
    const result = await begin(
      ((tx: Transactional) => {
        track(tx, batch);
        return (fn as (tx: Transactional) => Promise<unknown>)(tx);
      }) as never,
      config,
    );
    if (batch.length > 0) await listener(batch);
    return result;
  };
  return () => {
    listeners.delete(db);
    if (own) handle.transaction = original;
    else delete (handle as Partial<Transactional>).transaction;
  };
}
