import { count, eq } from 'drizzle-orm';
import { transactions } from '../src/db/schema/index.ts';
import { checkLedgerInvariants } from '../src/modules/wallet/wallet.service.ts';
import { createBenchMembers } from './bench-members.ts';
import { percentile, type BenchServer } from './bench-server.ts';

export type CheckInResult = {
  members: number;
  connections: number;
  first: { ok: number; other: Record<string, number>; wallMs: number; rps: number; p50: number; p99: number };
  again: { conflicts: number; other: Record<string, number>; p50: number; p99: number };
  problems: string[];
};

/** Sends one request per member through `connections` workers; each latency and status kept. */
async function drive(url: string, members: Array<{ authorization: string }>, connections: number) {
  const latencies: number[] = [];
  const statuses: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < members.length) {
        const m = members[next++]!;
        const start = performance.now();
        const res = await fetch(url, {
          method: 'POST',
          headers: { authorization: m.authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ timezone: 'Europe/Berlin' }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - start);
        statuses.push(res.status);
      }
    }),
  );
  const wallMs = performance.now() - t0;
  latencies.sort((a, b) => a - b);
  const other: Record<string, number> = {};
  return { latencies, statuses, wallMs, other };
}

/**
 * Daily check-in under load (issue #16 "Done when"): `members` members check in once each through `connections`
 * concurrent connections (every check-in pays from the one system account, so this is the ledger's hot row), then
 * all again (each a 409). Every first one must succeed and be paid once; every invariant must hold.
 */
export async function checkInBench(server: BenchServer, members = 3000, connections = 100): Promise<CheckInResult> {
  const { base, database } = server;
  const people = await createBenchMembers(database, server.jwtSecret, members);
  const url = `${base}/api/v1/club/streak/check-in/`;
  const problems: string[] = [];

  const first = await drive(url, people, connections);
  const ok = first.statuses.filter((s) => s === 200).length;
  for (const s of first.statuses.filter((x) => x !== 200)) first.other[s] = (first.other[s] ?? 0) + 1;
  if (ok !== members) problems.push(`${ok} first check-ins succeeded, expected ${members}`);

  const again = await drive(url, people, connections);
  const conflicts = again.statuses.filter((s) => s === 409).length;
  for (const s of again.statuses.filter((x) => x !== 409)) again.other[s] = (again.other[s] ?? 0) + 1;
  if (conflicts !== members) problems.push(`${conflicts} repeated check-ins were refused, expected ${members}`);

  const [paid] = await database.db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.transactionType, 'streak_reward'));
  if (paid?.n !== members) problems.push(`${paid?.n} streak rewards paid, expected ${members}`);
  problems.push(...(await checkLedgerInvariants(database.db)));

  return {
    members,
    connections,
    first: {
      ok,
      other: first.other,
      wallMs: first.wallMs,
      rps: (members / first.wallMs) * 1000,
      p50: percentile(first.latencies, 50),
      p99: percentile(first.latencies, 99),
    },
    again: {
      conflicts,
      other: again.other,
      p50: percentile(again.latencies, 50),
      p99: percentile(again.latencies, 99),
    },
    problems,
  };
}
