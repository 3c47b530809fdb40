/**
 * `npm run bench`: docs/performance.md on PostgreSQL, against the real server process.
 * - hot reads: each must reach half the requests per second of a bare endpoint (one indexed query on the
 *   same stack, authenticated the same way) in the same run, with p99 under 50 ms;
 * - flash redemption: 1,000 members redeem a perk with 100 left, all at once;
 * - growth: search and message history at 100k quests, 100k members and 1M messages against 1k.
 * `BENCH_ONLY=hot,flash,growth` picks sections; `BENCH_SECONDS`, `BENCH_CONNECTIONS` tune the load.
 */
import { startBenchServer } from './bench-server.ts';
import { flashRedemption } from './flash-redemption.ts';
import { growth, LARGE, SMALL } from './growth.ts';
import { hotReads, report } from './hot-reads.ts';

const port = Number(process.env.BENCH_PORT ?? 3999);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const only = new Set((process.env.BENCH_ONLY ?? 'hot,flash,growth').split(',').map((s) => s.trim()));

async function main() {
  let failed = false;
  if (only.has('hot')) {
    const server = await startBenchServer(port, 'hot');
    try {
      const rows = await hotReads(server, { connections, duration });
      if (!report(rows, `Hot reads: ${connections} connections, ${duration} s each, PostgreSQL`)) failed = true;
    } finally {
      await server.stop();
    }
  }
  if (only.has('flash')) {
    const server = await startBenchServer(port, 'flash');
    try {
      const r = await flashRedemption(server);
      console.info(`\nFlash redemption: ${r.members} members at once, ${r.stock} left\n`);
      console.info(`  succeeded        ${r.succeeded} (expected ${r.stock})`);
      for (const [k, n] of Object.entries(r.refused)) console.info(`  refused          ${n} × ${k}`);
      console.info(
        `  wall time        ${r.wallMs.toFixed(0)} ms (${r.rps.toFixed(0)} redemptions attempted per second)`,
      );
      console.info(`  latency          p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms`);
      console.info(`  invariants       ${r.problems.length === 0 ? 'all hold' : r.problems.join('; ')}`);
      if (r.problems.length) failed = true;
    } finally {
      await server.stop();
    }
  }
  if (only.has('growth')) {
    console.info(
      `\nGrowth: ${JSON.stringify(LARGE)} against ${JSON.stringify(SMALL)}, 10 connections, ${duration} s each\n`,
    );
    const rows = await growth(port, duration);
    console.info(
      '\n' + 'read'.padEnd(30),
      'mean 1k'.padStart(9),
      'mean 100k'.padStart(10),
      'p99 1k'.padStart(8),
      'p99 100k'.padStart(9),
      '  budget (≤ 2×)',
    );
    for (const r of rows) {
      const ok = r.large.mean <= 2 * Math.max(r.small.mean, 1);
      if (!ok) failed = true;
      console.info(
        r.name.padEnd(30),
        r.small.mean.toFixed(1).padStart(9),
        r.large.mean.toFixed(1).padStart(10),
        String(r.small.p99).padStart(8),
        String(r.large.p99).padStart(9),
        ok
          ? `  ok (${(r.large.mean / r.small.mean).toFixed(2)}×)`
          : `  MISSED (${(r.large.mean / r.small.mean).toFixed(2)}×)`,
      );
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
