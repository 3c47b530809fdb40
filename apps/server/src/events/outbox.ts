import { randomUUID } from 'node:crypto';
import { and, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { outboxEvents } from '../db/schema/index.ts';
import { serialBatches } from '../lib/serial-batches.ts';
import { uuidArray } from '../lib/uuid-array.ts';
import type { CommittedEvent, DomainEvent } from './domain-events.ts';

/**
 * The PostgreSQL channel that tells every instance of a committed event, for the in-process consumers of the
 * instances that did not make the change.
 */
export const EVENTS_CHANNEL = 'wyn_events';

/**
 * What hears of events once their transaction committed (the event bus of one app instance). `broadcast` says
 * whether the other instances were told (NOTIFY); when not, the event is left for the sweeper to tell them.
 */
export type CommitListener = (events: CommittedEvent[], broadcast: boolean) => Promise<void>;

/** A NOTIFY to send once the transaction that asked for it has committed. */
type Notice = { channel: string; payload: string };
type Batch = { events: CommittedEvent[]; notices: Notice[] };
type Transactional = { transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/** The events and notices each open transaction (or savepoint) has recorded so far. */
const batches = new WeakMap<object, Batch>();
/** How each tracked database handle tells of the events recorded on it outside any transaction. */
const listeners = new WeakMap<object, { committed: (event: CommittedEvent) => Promise<void> }>();

/**
 * Sends notices after their commit, in one statement of their own that does not wait for its commit record to
 * reach the disk. Why not NOTIFY inside the transaction, where PostgreSQL would send it at commit: a transaction
 * that has notified takes one lock per database at commit and holds it until its commit record is on disk, so
 * every writing transaction with an event committed one at a time (pgbench on this machine, 20 clients: insert
 * and commit 6,020/s; with a NOTIFY in the transaction 1,200/s; with it after the commit, asynchronously
 * committed, 5,510/s; decision 0018). A notice lost to a crash right after the commit costs no event: the outbox
 * row is not marked dispatched, and the sweeper queues its consumers and tells the other instances.
 */
async function publishNotices(db: DbOrTx, notices: Notice[], settled: string[] = []): Promise<void> {
  if (notices.length === 0) return;
  // An event no durable consumer wants is delivered once it is told (its in-process consumers run here and, on
  // the NOTIFY, everywhere else), so it is marked dispatched in the same statement: no round trip of its own. If
  // the mark is lost (it commits asynchronously), the sweeper only tells the instances again, which they ignore.
  const mark = settled.length > 0 ? sql`${markedCte(settled)} ` : sql``;
  await db.execute(sql`${mark}select set_config('synchronous_commit', 'off', true), pg_notify(n.channel, n.payload)
    from json_to_recordset(${JSON.stringify(notices)}::json) as n(channel text, payload text)`);
}

/** `with marked as (…)`: the events' outbox rows marked dispatched, to open a statement with. */
const markedCte = (ids: readonly string[]) =>
  sql`with marked as (update ${outboxEvents} set dispatched_at = now() where id = any(${uuidArray(ids)}))`;

/**
 * Marks events dispatched in a statement committed asynchronously (no wait for the disk): a mark lost to a crash
 * only has the sweeper queue the event again, and every durable consumer's `processed_events` row makes the second
 * delivery do nothing.
 */
export async function markDispatched(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.execute(sql`${markedCte(ids)} select set_config('synchronous_commit', 'off', true)`);
}

/**
 * Asks for a NOTIFY on `channel` when `tx` commits (nothing on rollback). On a tracked transaction it is sent
 * after the commit (see `publishNotices`); anywhere else (a script's own handle) inside the statement's own
 * transaction, as PostgreSQL's NOTIFY does.
 */
export async function notifyAfterCommit(tx: DbOrTx, channel: string, payload: string): Promise<void> {
  const batch = batches.get(tx);
  if (batch) {
    batch.notices.push({ channel, payload });
    return;
  }
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

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
  await eventRecorded(tx, { ...event, id: row!.id } as CommittedEvent);
}

/** NOTIFY carries at most 8000 bytes: a long payload goes without its details (caches need only the type). */
export function wireOf(committed: CommittedEvent): string {
  const full = JSON.stringify(committed);
  return full.length < 7000 ? full : JSON.stringify({ id: committed.id, type: committed.type, payload: {} });
}

/**
 * `recordEvent` as a common table expression of the caller's own statement (a hot path that cannot afford another
 * round trip): the outbox row is written once if the caller's CTE `gate` has a row. Defines the
 * CTE `outbox_row`; the caller's final SELECT must read it (`select count(*) from outbox_row`), and once the
 * statement has returned with the row written, pass `committed` to `eventRecorded`.
 */
export function eventCte(gate: string, event: DomainEvent): { cte: SQL; committed: CommittedEvent } {
  const committed = { ...event, id: randomUUID() } as CommittedEvent;
  const cte = sql`outbox_row as (
    insert into ${outboxEvents} (id, type, payload)
    select ${committed.id}::uuid, ${event.type}, ${JSON.stringify(event.payload)}::jsonb
    from (select 1 from ${sql.identifier(gate)} limit 1) gate
    returning id
  )`;
  return { cte, committed };
}

/** An event's outbox row is written in `tx`: its listener hears of it once the transaction has committed. */
export async function eventRecorded(tx: DbOrTx, committed: CommittedEvent): Promise<void> {
  const batch = batches.get(tx);
  if (batch) {
    batch.events.push(committed);
    return;
  }
  // Autocommit: the insert above is already committed. An untracked handle (a script) leaves it to the sweeper.
  const tracked = listeners.get(tx);
  if (tracked) await tracked.committed(committed);
}

/**
 * Tells of events committed outside any transaction (each by one statement: a flash sale's redemptions, issue #17)
 * in batches: the events committed while the previous batch was being told (or in the same turn of the event loop)
 * go together, with one statement for their notices. Resolves once its event's listener has heard of it.
 */
function autocommitted(db: DbOrTx, listener: CommitListener, settled: (event: CommittedEvent) => boolean) {
  return serialBatches<CommittedEvent>(async (events) => listener(events, await broadcast(db, events, [], settled)));
}

/**
 * Tells the other instances of committed events (and sends the transaction's notices), marking dispatched the
 * events `settled` says need nothing more; false when that failed (then nothing is marked).
 */
function broadcast(
  db: DbOrTx,
  events: CommittedEvent[],
  notices: Notice[],
  settled: (event: CommittedEvent) => boolean,
): Promise<boolean> {
  const all = [...events.map((e) => ({ channel: EVENTS_CHANNEL, payload: wireOf(e) })), ...notices];
  const done = events.filter(settled).map((e) => e.id);
  return publishNotices(db, all, done).then(
    () => true,
    () => false,
  );
}

/** Tracks a transaction object: its savepoints get batches of their own that join it only if they commit. */
function track(tx: Transactional, batch: Batch): void {
  batches.set(tx, batch);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = async (fn, config) => {
    const inner: Batch = { events: [], notices: [] };
    const result = await savepoint(
      ((sp: Transactional) => {
        track(sp, inner);
        return (fn as (tx: Transactional) => Promise<unknown>)(sp);
      }) as never,
      config,
    );
    batch.events.push(...inner.events);
    batch.notices.push(...inner.notices);
    return result;
  };
}

/**
 * Makes `db.transaction` tell the other instances (NOTIFY) and `listener` about the events recorded in it, after
 * it committed and before it returns: a change is answered only once its in-process consumers (the home cache)
 * have heard of it. A transaction that throws (rolled back) reports nothing. Events `settled` says nothing durable
 * waits for are marked dispatched with the notice. Returns a function that restores the handle.
 */
export function trackCommits(
  db: Db,
  listener: CommitListener,
  settled: (event: CommittedEvent) => boolean = () => false,
): () => void {
  const handle = db as unknown as Transactional;
  const own = Object.prototype.hasOwnProperty.call(handle, 'transaction');
  const original = handle.transaction;
  const begin = original.bind(handle);
  listeners.set(db, { committed: autocommitted(db, listener, settled) });
  handle.transaction = async (fn, config) => {
    const batch: Batch = { events: [], notices: [] };
    const result = await begin(
      ((tx: Transactional) => {
        track(tx, batch);
        return (fn as (tx: Transactional) => Promise<unknown>)(tx);
      }) as never,
      config,
    );
    if (batch.events.length > 0 || batch.notices.length > 0) {
      const told = await broadcast(db, batch.events, batch.notices, settled);
      if (batch.events.length > 0) await listener(batch.events, told);
    }
    return result;
  };
  return () => {
    listeners.delete(db);
    if (own) handle.transaction = original;
    else delete (handle as Partial<Transactional>).transaction;
  };
}

const CLEANUP_BATCH = 5000;

/**
 * Deletes events delivered before `before` (their processed-by marks go with them, on cascade), in batches
 * so one run never holds a long lock. Undelivered events are never deleted. Returns how many went.
 */
export async function deleteDeliveredEvents(db: DbOrTx, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(and(isNotNull(outboxEvents.dispatchedAt), lt(outboxEvents.dispatchedAt, before)))
      .limit(CLEANUP_BATCH);
    const gone = await db
      .delete(outboxEvents)
      .where(inArray(outboxEvents.id, batch))
      .returning({ id: sql`1` });
    total += gone.length;
    if (gone.length < CLEANUP_BATCH) return total;
  }
}
