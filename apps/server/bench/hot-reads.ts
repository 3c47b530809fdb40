import autocannon from 'autocannon';
import { fillBoards } from './board-fill.ts';
import { demoLogin, type BenchServer } from './bench-server.ts';

export type Row = { name: string; rps: number; mean: number; p99: number; errors: number; baseline?: boolean };
export type Target = {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  baseline?: boolean;
  /** Runs once before this target is measured (after the ones before it). */
  prepare?: () => Promise<unknown>;
};

/** One autocannon run (after a short warm-up) against a path on the bench server. */
export async function measure(
  base: string,
  headers: Record<string, string>,
  t: Target,
  opts: { connections: number; duration: number },
): Promise<Row> {
  const req = {
    url: base + t.path,
    method: t.method ?? 'GET',
    headers: t.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: t.body === undefined ? undefined : JSON.stringify(t.body),
  } as const;
  await autocannon({ ...req, connections: 10, duration: 2 });
  const r = await autocannon({ ...req, connections: opts.connections, duration: opts.duration });
  if (r.non2xx + r.errors > 0) console.warn(`  ${t.name}: answers by status`, JSON.stringify(r.statusCodeStats));
  return {
    name: t.name,
    rps: r.requests.average,
    mean: r.latency.average,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
    baseline: t.baseline,
  };
}

/** The hot reads of docs/performance.md against a bare endpoint (one indexed query, same stack, same auth). */
export async function hotReads(server: BenchServer, opts: { connections: number; duration: number }) {
  const { base } = server;
  const headers = await demoLogin(base);
  const firstId = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers });
    const body = (await res.json()) as { results?: Array<{ id: string }> };
    const id = body.results?.[0]?.id;
    if (!id) throw new Error(`no seeded item at ${path}`);
    return id;
  };
  const questId = await firstId('/api/v1/club/tasks/?page_size=1');
  const perkId = await firstId('/api/v1/club/perks/?page_size=1');
  const targets: Target[] = [
    { name: 'bare (wallets/my_wallet/)', path: '/api/v1/club/wallets/my_wallet/', baseline: true },
    { name: 'homepage/complete/', path: '/api/v1/club/homepage/complete/' },
    { name: 'tasks/{id}/', path: `/api/v1/club/tasks/${questId}/` },
    { name: 'perks/{id}/details/', path: `/api/v1/club/perks/${perkId}/details/` },
    {
      name: 'explore/search/',
      path: '/api/v1/club/explore/search/',
      method: 'POST',
      body: { query: 'telegram', content_type: 'mixed', filters: {}, page: 1, limit: 20 },
    },
    // Last, on a board of 1,000 members (the seed awards no XP), whose first page ava reads with her own place.
    {
      name: 'leaderboard/',
      path: '/api/v1/club/leaderboard/?period=all',
      prepare: () => fillBoards(server.database, 1_000),
    },
  ];
  const rows: Row[] = [];
  for (const t of targets) {
    await t.prepare?.();
    rows.push(await measure(base, headers, t, opts));
  }
  return rows;
}

/** Prints rows against the baseline; returns false when a hot read misses its budget. */
export function report(rows: Row[], title: string): boolean {
  const bare = rows.find((r) => r.baseline);
  let ok = true;
  console.info(`\n${title}\n`);
  console.info('endpoint'.padEnd(30), 'req/s'.padStart(8), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8), '  budget');
  for (const r of rows) {
    const throughputOk = !bare || r.rps >= bare.rps / 2;
    const rowOk = r.baseline || (throughputOk && r.p99 < 50 && r.errors === 0);
    const verdict = r.baseline
      ? '  (baseline)'
      : rowOk
        ? '  ok'
        : `  MISSED (${[!throughputOk && 'throughput', r.p99 >= 50 && 'p99', r.errors && 'errors'].filter(Boolean).join(', ')})`;
    if (!rowOk) ok = false;
    console.info(
      r.name.padEnd(30),
      r.rps.toFixed(0).padStart(8),
      String(r.p99).padStart(8),
      String(r.errors).padStart(8),
      verdict,
    );
  }
  return ok;
}
