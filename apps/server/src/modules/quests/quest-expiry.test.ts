import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/create-test-app.ts';
import { createMember } from '../../../test/users.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { createServerErrorWatch } from '../../../test/server-error-watch.ts';
import { buildApp, type AppInstance } from '../../app.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { quests, transactions } from '../../db/schema/index.ts';
import { startJobQueue, type PgBoss } from '../../integrations/job-queue.ts';
import { checkLedgerInvariants, getMemberWallet, mint } from '../wallet/wallet.service.ts';
import { QUEST_EXPIRE, QUEST_EXPIRY_SCAN } from './quest-expiry.job.ts';

/** Two app instances on one PostgreSQL database, both running the expiry job's workers. */
describe.runIf(usingPostgres)('quest expiry on the job queue, two instances (PostgreSQL)', { timeout: 120_000 }, () => {
  let a: TestApp;
  let bDatabase: Database;
  let b: AppInstance;
  let producer: PgBoss;
  const later = 120_000;
  // The second instance is watched like every test app: an error it logs fails the test.
  const bWatch = createServerErrorWatch();
  beforeAll(async () => {
    a = await createTestApp();
    a.advance(later);
    const url = (a.database.queueConnection as { url: string }).url;
    bDatabase = await openPostgres(url, 5);
    b = await buildApp({
      config: a.config,
      database: bDatabase,
      now: () => new Date(Date.now() + later),
      logger: bWatch.logger,
    });
    await b.ready();
    producer = await startJobQueue({ kind: 'postgres', url }, () => {}, { schedule: false });
  });
  afterAll(async () => {
    await producer?.stop({ graceful: false });
    await b?.close();
    await bDatabase?.close();
    bWatch.release();
    await a?.close();
    bWatch.check();
  });

  const countOf = async (query: SQL) => {
    const result = (await a.db.execute(query)) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };

  it('is scheduled once, and a due quest queued from both instances many times expires once', async () => {
    const { post } = clubRequests(() => a.app);
    const creator = await createMember(a);
    const w = await getMemberWallet(a.db, creator.user.id);
    await a.db.transaction((tx) => mint(tx, w.id, 100_000, 'test funds'));
    // Created with a deadline a minute ahead of real time; both instances' clocks are two minutes ahead.
    const res = await post(creator, '/tasks/', {
      title: 'Follow our studio',
      description: 'Follow the studio account on Instagram and send your handle.',
      reward_amount: '10.00',
      task_type: 'follow',
      social_platform: '@wyn.studio',
      max_participants: 3,
      deadline: new Date(Date.now() + later + 60_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const questId = res.json().id as string;
    await a.db
      .update(quests)
      .set({ deadline: new Date(Date.now() + 1000) })
      .where(eq(quests.id, questId));
    const before = (await getMemberWallet(a.db, creator.user.id)).balance;

    // One cron schedule for the scan, however many instances registered it.
    expect(await countOf(sql`select count(*)::int as n from pgboss.schedule where name = ${QUEST_EXPIRY_SCAN}`)).toBe(
      1,
    );

    // The scan as both instances' cron would send it, and the quest's own job sent ten times at once.
    await Promise.all([
      producer.send(QUEST_EXPIRY_SCAN, {}),
      producer.send(QUEST_EXPIRY_SCAN, {}),
      ...Array.from({ length: 10 }, () => producer.send(QUEST_EXPIRE, { questId }, { singletonKey: questId })),
    ]);
    const state = async () =>
      (await a.db.select({ s: quests.status }).from(quests).where(eq(quests.id, questId)))[0]!.s;
    const open = () =>
      countOf(
        sql`select count(*)::int as n from pgboss.job where name in (${QUEST_EXPIRE}, ${QUEST_EXPIRY_SCAN}) and state in ('created', 'retry', 'active')`,
      );
    const end = Date.now() + 60_000;
    while ((await state()) !== 'expired' || (await open()) > 0) {
      if (Date.now() > end) throw new Error('the quest did not expire');
      await new Promise((r) => setTimeout(r, 200));
    }
    const unstakes = await a.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.transactionType, 'unstake'), eq(transactions.relatedEntityId, questId)));
    expect(unstakes).toHaveLength(1);
    expect((await getMemberWallet(a.db, creator.user.id)).balance - before).toBe(3000);
    expect(await checkLedgerInvariants(a.db)).toEqual([]);
  });
});
