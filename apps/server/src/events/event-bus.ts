import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { sendInTransaction, type PgBoss } from '../integrations/job-queue.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import { outboxEvents, processedEvents } from '../db/schema/index.ts';
import type { CommittedEvent, DomainEvent } from './domain-events.ts';
import { EVENTS_CHANNEL, markDispatched, trackCommits, wireOf } from './outbox.ts';
import { serialBatches } from '../lib/serial-batches.ts';

/**
 * Runs once in every instance: in the one that committed right after the commit (so its next read sees the
 * change), in the others when the database's NOTIFY reaches them. For caches; must not throw or wait.
 */
export type InProcessConsumer = { name: string; handle(event: CommittedEvent): void };

/**
 * Runs once per event across all instances: its writes commit with the `processed_events` row that says
 * it handled the event, so a retry after a crash or a failure does nothing twice.
 */
export type DurableConsumer = {
  name: string;
  wants(event: CommittedEvent): boolean;
  handle(tx: DbOrTx, event: CommittedEvent): Promise<void>;
};

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export type EventBusOptions = {
  database: Database;
  queue: PgBoss;
  log: Log;
  /** Tests only: wait this long after a commit before running durable consumers in-process. */
  deliveryDelayMs?: number;
  /** How often undispatched events are handed to the queue, and how old they must be first. */
  sweepIntervalMs?: number;
  sweepAfterMs?: number;
  /** Seconds before the first retry of a failed consumer; doubled (with jitter) on each retry. */
  retryDelaySeconds?: number;
};

export type EventBus = {
  onCommit(consumer: InProcessConsumer): void;
  /** Registers a durable consumer and its queue worker. */
  consume(consumer: DurableConsumer): Promise<void>;
  /** Hands events nobody dispatched (their process died after the commit) to the queue; returns how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
};

const queueName = (consumer: string) => `event-${consumer}`;

/** Each database handle's bus, for code (tests, scripts) that holds the handle but not the app. */
const buses = new WeakMap<object, EventBus>();
export const eventBusOf = (db: object): EventBus | undefined => buses.get(db);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivers committed domain events (docs/decisions/0009). After each commit, in the process that made it:
 * in-process consumers, then each durable consumer once, in-process (so what a member sees next already
 * includes it); a durable consumer that fails is queued and retried with back-off. The outbox row is
 * marked dispatched when every durable consumer has run or is queued; the sweeper queues what is left.
 */
export async function createEventBus(opts: EventBusOptions): Promise<EventBus> {
  const { database, queue, log } = opts;
  const { db } = database;
  const local: InProcessConsumer[] = [];
  const durable = new Map<string, DurableConsumer>();
  const retryDelay = opts.retryDelaySeconds ?? 1;
  let closed = false;
  const inflight = new Set<Promise<unknown>>();

  /**
   * Runs `consumer` for `events` in one transaction: each event's writes commit with its `processed_events` row, and
   * an event handled already (its row is there) is skipped. Any failure rolls back the whole batch.
   */
  const runConsumer = async (consumer: DurableConsumer, events: CommittedEvent[]): Promise<void> => {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(processedEvents)
        .values(events.map((event) => ({ eventId: event.id, consumer: consumer.name })))
        .onConflictDoNothing()
        .returning({ id: processedEvents.eventId });
      const ids = new Set(claimed.map((c) => c.id));
      for (const event of events) if (ids.has(event.id)) await consumer.handle(tx, event);
    });
  };

  /** Runs `consumer` for `events` (when they are more than one, each on its own after the batch failed), queueing
   * for a retry each event whose run failed; returns the events that could not even be queued. */
  const runOrQueue = async (consumer: DurableConsumer, events: CommittedEvent[]): Promise<CommittedEvent[]> => {
    try {
      await runConsumer(consumer, events);
      return [];
    } catch (err) {
      if (events.length > 1) {
        const unqueued: CommittedEvent[] = [];
        for (const e of events) unqueued.push(...(await runOrQueue(consumer, [e])));
        return unqueued;
      }
      const [event] = events as [CommittedEvent];
      log.warn({ err, event: event.type, consumer: consumer.name }, 'event consumer failed; queued for retry');
      try {
        await queue.send(queueName(consumer.name), { eventId: event.id });
        return [];
      } catch (sendErr) {
        // Left undispatched: the sweeper queues it.
        log.error({ err: sendErr }, 'could not queue an event');
        return [event];
      }
    }
  };

  // Each event reaches this instance twice (after its own commit, and through NOTIFY): handled once.
  const seen = new Set<string>();
  const runLocal = (event: CommittedEvent) => {
    if (seen.has(event.id)) return;
    seen.add(event.id);
    if (seen.size > 10_000) seen.delete(seen.values().next().value!);
    for (const consumer of local) {
      try {
        consumer.handle(event);
      } catch (err) {
        log.error({ err, event: event.type, consumer: consumer.name }, 'event consumer failed');
      }
    }
  };
  const stopListening = await database.listen(EVENTS_CHANNEL, (payload) => {
    try {
      const event = JSON.parse(payload) as CommittedEvent;
      if (typeof event.id === 'string' && typeof event.type === 'string') runLocal(event);
    } catch {
      // not one of ours
    }
  });

  /**
   * Runs the durable consumers of `batch`'s events: each consumer once for all of them, in one transaction (a flash
   * sale's hundred redemptions commit within moments: one transaction and one mark instead of one each, issue #17).
   * When that fails, each event is run (or queued) on its own, so one bad event holds up no other. An event is marked
   * dispatched once every consumer that wants it has run or is queued.
   */
  const deliverDurable = async (batch: Array<{ event: CommittedEvent; broadcast: boolean }>) => {
    const seenIds = new Set<string>();
    // Told to the other instances and wanted by nobody durable: marked with the notice that told them (`settled`).
    const events = batch.filter(({ event, broadcast }) => {
      if (seenIds.has(event.id) || (broadcast && !wanted(event))) return false;
      seenIds.add(event.id);
      return true;
    });
    const unqueued = new Set<string>();
    for (const consumer of durable.values()) {
      const mine = events.map((e) => e.event).filter((event) => consumer.wants(event));
      if (mine.length === 0) continue;
      for (const event of await runOrQueue(consumer, mine)) unqueued.add(event.id);
    }
    await markDispatched(
      db,
      events.filter((e) => e.broadcast && !unqueued.has(e.event.id)).map((e) => e.event.id),
    );
  };

  /** Whether this code runs inside a batch's delivery (in a durable consumer's transaction, say). */
  const insideDelivery = new AsyncLocalStorage<true>();
  /** The events waiting for their durable consumers, delivered one batch at a time (`serialBatches`). */
  const deliverInBatches = serialBatches<{ event: CommittedEvent; broadcast: boolean }>((batch) =>
    insideDelivery
      .run(true, () => deliverDurable(batch))
      .catch((err: unknown) => log.error({ err }, 'event delivery failed')),
  );

  // Not told to the other instances (the NOTIFY after the commit failed): left undispatched for the sweeper.
  const deliver = async (events: CommittedEvent[], broadcast: boolean) => {
    if (!broadcast) log.warn({ events: events.length }, 'could not tell the other instances; left to the sweeper');
    for (const event of events) runLocal(event);
    if (durable.size === 0 || closed) return;
    if (opts.deliveryDelayMs) await sleep(opts.deliveryDelayMs);
    // Committed by a durable consumer of the batch being delivered: delivered now, since that batch waits for it.
    if (insideDelivery.getStore()) return deliverDurable(events.map((event) => ({ event, broadcast })));
    await Promise.all(events.map((event) => deliverInBatches({ event, broadcast })));
  };

  const wanted = (event: CommittedEvent) => [...durable.values()].some((consumer) => consumer.wants(event));
  const untrack = trackCommits(
    db,
    async (events, broadcast) => {
      const p = deliver(events, broadcast).catch((err: unknown) => log.error({ err }, 'event delivery failed'));
      inflight.add(p);
      try {
        await p;
      } finally {
        inflight.delete(p);
      }
    },
    // Nothing durable waits for it: delivered once told. Not before the consumers are registered or after close.
    (event) => durable.size > 0 && !closed && !wanted(event),
  );

  const loadEvent = async (id: string): Promise<CommittedEvent | null> => {
    const [row] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, id)).limit(1);
    return row ? ({ id: row.id, type: row.type, payload: row.payload } as CommittedEvent) : null;
  };

  const sweep = async (): Promise<number> => {
    const before = new Date(Date.now() - (opts.sweepAfterMs ?? 5000));
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxEvents)
        .where(and(isNull(outboxEvents.dispatchedAt), lt(outboxEvents.createdAt, before)))
        .orderBy(asc(outboxEvents.createdAt))
        .limit(100)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      // The jobs, the dispatched mark and the word to every instance (whose NOTIFY after the event's own commit
      // never went) commit together: a crash here queues them again, never half. Rare, so NOTIFY in the transaction.
      for (const row of rows) {
        const event = { id: row.id, type: row.type, payload: row.payload } as CommittedEvent;
        for (const consumer of durable.values())
          if (consumer.wants(event)) await sendInTransaction(queue, tx, queueName(consumer.name), { eventId: row.id });
        await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${wireOf(event)})`);
      }
      await tx
        .update(outboxEvents)
        .set({ dispatchedAt: sql`now()` })
        .where(
          inArray(
            outboxEvents.id,
            rows.map((r) => r.id),
          ),
        );
      return rows.length;
    });
  };

  const timer = setInterval(() => {
    sweep().catch((err: unknown) => log.error({ err }, 'event sweep failed'));
  }, opts.sweepIntervalMs ?? 5000);
  timer.unref();

  const bus: EventBus = {
    onCommit: (consumer) => void local.push(consumer),
    async consume(consumer) {
      durable.set(consumer.name, consumer);
      const name = queueName(consumer.name);
      await queue.createQueue(name, {
        retryLimit: 10,
        retryDelay,
        retryBackoff: true,
        retryDelayMax: 600,
      });
      await queue.work<{ eventId: string }>(name, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        const event = job ? await loadEvent(job.data.eventId) : null;
        if (event) await runConsumer(consumer, [event]);
      });
    },
    sweep,
    async close() {
      closed = true;
      clearInterval(timer);
      await stopListening();
      await Promise.allSettled([...inflight]);
      untrack();
      buses.delete(db);
    },
  };
  buses.set(db, bus);
  return bus;
}

export type { DomainEvent };
