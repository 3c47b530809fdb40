import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Job, type SendOptions } from 'pg-boss';
import type { DbOrTx, QueueConnection } from '../db/client.ts';

/**
 * The job queue (pg-boss, docs/decisions/0009): retries with back-off, each job to one worker across
 * instances (SKIP LOCKED), cron schedules run once. On PostgreSQL it has its own small pool on
 * DATABASE_URL; on PGlite it shares the one embedded connection through pg-boss's PGlite adapter.
 */
export async function startJobQueue(
  connection: QueueConnection,
  onError: (err: unknown) => void,
  opts: { schedule?: boolean } = {},
): Promise<PgBoss> {
  const common = { schedule: opts.schedule ?? true, superviseIntervalSeconds: 60 } as const;
  const boss =
    connection.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: connection.url, max: 4, application_name: 'wyn-jobs' });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/**
 * Queues a job inside the caller's transaction: it exists exactly when that transaction commits. `options`
 * may defer it (`startAfter`) or keep one per key (`singletonKey`, on a queue whose policy says so).
 */
export async function sendInTransaction(
  queue: PgBoss,
  tx: DbOrTx,
  name: string,
  data: object,
  options: Pick<SendOptions, 'startAfter' | 'singletonKey'> = {},
): Promise<void> {
  await queue.send(name, data, { ...options, db: fromDrizzle(tx as never, sql as never) });
}

export type { Job, PgBoss };
