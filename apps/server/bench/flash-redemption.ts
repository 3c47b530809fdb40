import { readFileSync } from 'node:fs';
import http from 'node:http';
import { count, eq, sql } from 'drizzle-orm';
import { perkRedemptions, perks } from '../src/db/schema/index.ts';
import { checkLedgerInvariants, getMemberWallet } from '../src/modules/wallet/wallet.service.ts';
import { createBenchMembers } from './bench-members.ts';
import { demoLogin, percentile, type BenchServer } from './bench-server.ts';

/** A POST without a body through `agent`, answered with its status and body. */
function post(url: URL, agent: http.Agent, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export type FlashResult = {
  members: number;
  stock: number;
  succeeded: number;
  refused: Record<string, number>;
  wallMs: number;
  /** When the last redemption that succeeded was answered, from the start: the part of the burst that queued on the
   *  perk's row (each success holds it from its statement to its commit). */
  lastSuccessMs: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU time spent during the burst (ms): the server process, this load generator, and the whole machine. */
  cpu: { server: number; generator: number; machine: number; cores: number };
  /** The warm-up burst, on the server as it started: a tenth as many members and stock. */
  cold: { members: number; stock: number; rps: number; wallMs: number };
  problems: string[];
};

const CLOCK_TICKS_MS = 10; // USER_HZ is 100 on Linux

/** A process's CPU time so far (ms), from /proc/<pid>/stat (utime + stime). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICKS_MS;
}

/** The machine's busy CPU time so far (ms, all cores), and how many cores, from /proc/stat. */
function machineCpu(): { busy: number; cores: number } {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  const [, ...ticks] = lines[0]!.trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const busy = ticks.slice(0, 8).reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!;
  return { busy: busy * CLOCK_TICKS_MS, cores: lines.filter((l) => /^cpu\d/.test(l)).length };
}

type Member = { id: string; authorization: string };

/** A limited perk of `ava`'s, costing `costCents`, with `stock` left. */
async function createFlashPerk(base: string, creatorHeaders: Record<string, string>, costCents: number, stock: number) {
  const created = await fetch(`${base}/api/v1/club/perks/`, {
    method: 'POST',
    headers: { ...creatorHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Flash drop: limited hoodie',
      description: 'One hundred hoodies for the community, first come first served.',
      cost_amount: (costCents / 100).toFixed(2),
      perk_type: 'discount_code',
      discount_code: 'FLASH-HOODIE-100',
      max_participants: stock,
    }),
  });
  if (created.status !== 201) throw new Error(`perk create failed: ${created.status} ${await created.text()}`);
  return (await created.json()) as { id: string; creator: string };
}

type Burst = {
  statuses: Array<{ status: number; detail: string }>;
  latencies: number[];
  wallMs: number;
  lastSuccessMs: number;
  cpu: FlashResult['cpu'];
};

/**
 * Every member redeems `perkId` at the same moment, each under an Idempotency-Key of its own. The requests reach the
 * server over `upstreamConnections` keep-alive connections, as through the reverse proxy in front of it
 * (docs/deploy.md), and over node:http, whose cost per request is a fraction of fetch's: the figure is the server's,
 * not the load generator's on the same 2 cores.
 */
async function burst(server: BenchServer, perkId: string, redeemers: Member[], upstreamConnections: number) {
  const url = new URL(`${server.base}/api/v1/club/perks/${perkId}/redeem/`);
  const latencies: number[] = [];
  const statuses: Array<{ status: number; detail: string }> = [];
  let lastSuccessAt = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: upstreamConnections });
  const cpuBefore = { server: processCpuMs(server.pid), generator: process.cpuUsage(), machine: machineCpu() };
  const t0 = performance.now();
  await Promise.all(
    redeemers.map(async (m) => {
      const start = performance.now();
      const res = await post(url, agent, { authorization: m.authorization, 'idempotency-key': `flash-${m.id}` });
      const body = (() => {
        try {
          return JSON.parse(res.body) as { detail?: string };
        } catch {
          return {};
        }
      })();
      latencies.push(performance.now() - start);
      if (res.status === 200) lastSuccessAt = Math.max(lastSuccessAt, performance.now());
      statuses.push({ status: res.status, detail: body.detail ?? '' });
    }),
  );
  const wallMs = performance.now() - t0;
  const generatorCpu = process.cpuUsage(cpuBefore.generator);
  const machineAfter = machineCpu();
  const cpu = {
    server: processCpuMs(server.pid) - cpuBefore.server,
    generator: (generatorCpu.user + generatorCpu.system) / 1000,
    machine: machineAfter.busy - cpuBefore.machine.busy,
    cores: machineAfter.cores,
  };
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { statuses, latencies, wallMs, lastSuccessMs: lastSuccessAt - t0, cpu } satisfies Burst;
}

/** A burst's attempts per second. */
const perSecond = (b: { wallMs: number; statuses: unknown[] }) => (b.statuses.length / b.wallMs) * 1000;

/**
 * docs/performance.md: 1,000 members redeem a perk with 100 left, all at once. Exactly `stock` succeed, the rest are
 * refused with Out of Stock, nothing goes negative and every ledger invariant holds afterwards.
 *
 * Measured on a server that has served a flash sale before, as the hot reads are measured after a warm-up: a
 * tenth as many other members redeem another perk (a tenth of the stock) at once, just before. A server that has
 * just started compiles its code on the first requests, and PostgreSQL's new connections load their catalogue
 * caches and plan each statement for the first time; that first burst (`cold`) is reported beside the figure.
 */
export async function flashRedemption(
  server: BenchServer,
  members = 1000,
  stock = 100,
  upstreamConnections = 100,
): Promise<FlashResult> {
  const { base, database } = server;
  const creatorHeaders = await demoLogin(base, 'ava');
  const costCents = 1000;
  const perk = await createFlashPerk(base, creatorHeaders, costCents, stock);
  const warmStock = Math.ceil(stock / 10);
  const warmPerk = await createFlashPerk(base, creatorHeaders, costCents, warmStock);

  const redeemers = await createBenchMembers(database, server.jwtSecret, members);
  const warmers = await createBenchMembers(database, server.jwtSecret, Math.ceil(members / 10));
  const cold = await burst(server, warmPerk.id, warmers, upstreamConnections);
  const creatorBefore = (await getMemberWallet(database.db, perk.creator)).balance;
  const { statuses, latencies, wallMs, lastSuccessMs, cpu } = await burst(
    server,
    perk.id,
    redeemers,
    upstreamConnections,
  );

  const problems: string[] = [];
  const warmSold = cold.statuses.filter((s) => s.status === 200).length;
  if (warmSold !== warmStock)
    problems.push(`warm-up: ${warmSold} redemptions succeeded, expected exactly ${warmStock}`);
  const succeeded = statuses.filter((s) => s.status === 200).length;
  const refused: Record<string, number> = {};
  for (const s of statuses.filter((x) => x.status !== 200)) {
    const k = `${s.status} ${s.detail}`;
    refused[k] = (refused[k] ?? 0) + 1;
  }
  if (succeeded !== stock) problems.push(`${succeeded} redemptions succeeded, expected exactly ${stock}`);
  for (const k of Object.keys(refused))
    if (!k.startsWith('409 ') && !/out of stock/i.test(k)) problems.push(`unexpected refusal: ${k}`);

  const [row] = await database.db.select().from(perks).where(eq(perks.id, perk.id));
  if (row?.purchasedCount !== stock) problems.push(`purchased_count is ${row?.purchasedCount}, expected ${stock}`);
  const [red] = await database.db
    .select({ n: count() })
    .from(perkRedemptions)
    .where(eq(perkRedemptions.perkId, perk.id));
  if (red?.n !== stock) problems.push(`${red?.n} redemption rows, expected ${stock}`);
  const creatorAfter = (await getMemberWallet(database.db, perk.creator)).balance;
  if (creatorAfter - creatorBefore !== stock * costCents)
    problems.push(`creator received ${creatorAfter - creatorBefore} hundredths, expected ${stock * costCents}`);
  const { rows } = (await database.db.execute(
    sql`select count(*)::int as n from wallets where kind <> 'system' and balance < 0`,
  )) as unknown as { rows: Array<{ n: number }> };
  if (rows[0]?.n) problems.push(`${rows[0].n} wallets below zero`);
  problems.push(...(await checkLedgerInvariants(database.db)));

  return {
    members,
    stock,
    succeeded,
    refused,
    wallMs,
    lastSuccessMs,
    rps: perSecond({ wallMs, statuses }),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpu,
    cold: { members: warmers.length, stock: warmStock, rps: perSecond(cold), wallMs: cold.wallMs },
    problems,
  };
}
