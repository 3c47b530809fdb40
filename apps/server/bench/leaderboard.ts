import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { awardXp } from '../src/modules/engagement/xp.service.ts';
import { fillBoards } from './board-fill.ts';
import { DATABASE_READS, demoLogin, startBenchServer } from './bench-server.ts';
import { measure, type Target } from './hot-reads.ts';
import type { GrowthRow } from './growth.ts';

/** Members on the boards at each size (issue #16 item 3: a leaderboard page at 1k and at 100k members). */
export const BOARD_SIZES = { small: 1_000, large: 100_000 } as const;

/** XP awarded per second while the "XP awarded" reads run (approvals and check-ins, as on a busy day). */
export const AWARDS_PER_SECOND = 20;

/**
 * Awards XP to random board members, `perSecond`, until stopped: each award is the real `awardXp` (entry, board
 * totals and its `xp.awarded` event with NOTIFY), so the server hears of it and rebuilds the board's shape on
 * its next read (at most every 2 s): the rebuild at 100k is inside the measured reads.
 */
async function awardWhileReading(database: Database, perSecond: number) {
  const { rows } = (await database.db.execute(
    sql`select id from users where username like 'lb\\_%' and is_active and not is_hidden limit 5000`,
  )) as unknown as { rows: Array<{ id: string }> };
  let stopped = false;
  let awarded = 0;
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      const userId = rows[Math.floor(Math.random() * rows.length)]!.id;
      await database.db.transaction((tx) =>
        awardXp(tx, {
          userId,
          amount: 1 + (awarded % 50),
          source: 'achievement',
          sourceId: `bench-${awarded}`,
          at: new Date(),
        }),
      );
      awarded += 1;
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 / perSecond - (Date.now() - started))));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return awarded;
    },
  };
}

/** The leaderboard reads at both sizes, one server per size; latency at 10 connections (no queueing). */
export async function leaderboardBench(port: number, duration: number): Promise<GrowthRow[]> {
  const results: Record<string, Record<'small' | 'large', { mean: number; p99: number }>> = {};
  for (const label of ['small', 'large'] as const) {
    const server = await startBenchServer(port, `board_${label}`, DATABASE_READS);
    try {
      const t0 = Date.now();
      await fillBoards(server.database, BOARD_SIZES[label]);
      console.info(
        `  filled the ${label} boards (${BOARD_SIZES[label]} members) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
      );
      const headers = await demoLogin(server.base, 'ava');
      const ben = (await (
        await fetch(`${server.base}/api/v1/club/profiles/me/`, { headers: await demoLogin(server.base, 'ben') })
      ).json()) as { id: string };
      const targets: Target[] = [
        { name: 'leaderboard all (page 1)', path: '/api/v1/club/leaderboard/?period=all' },
        { name: 'leaderboard week (page 1)', path: '/api/v1/club/leaderboard/?period=week' },
        { name: 'leaderboard all (page 10)', path: '/api/v1/club/leaderboard/?period=all&page=10&page_size=20' },
        { name: 'club board (page 1)', path: `/api/v1/club/leaderboard/?period=all&creator=${ben.id}` },
      ];
      const record = (name: string, row: { mean: number; p99: number; errors: number }) => {
        if (row.errors) throw new Error(`${name}: ${row.errors} failed requests`);
        (results[name] ??= {} as never)[label] = { mean: row.mean, p99: row.p99 };
        console.info(`    ${label.padEnd(6)} ${name.padEnd(30)} mean ${row.mean.toFixed(1)} ms, p99 ${row.p99} ms`);
      };
      for (const t of targets) record(t.name, await measure(server.base, headers, t, { connections: 10, duration }));
      // The same first page while XP is being awarded: the board's shape is rebuilt (a grouped scan of the whole
      // board) every 2 s on this instance.
      const awarding = await awardWhileReading(server.database, AWARDS_PER_SECOND);
      try {
        const t = { name: 'all (page 1), XP awarded', path: '/api/v1/club/leaderboard/?period=all' };
        record(t.name, await measure(server.base, headers, t, { connections: 10, duration }));
      } finally {
        console.info(`    ${label.padEnd(6)} (${await awarding.stop()} XP awards during that read)`);
      }
    } finally {
      await server.stop();
    }
  }
  return Object.entries(results).map(([name, r]) => ({ name, small: r.small, large: r.large }));
}
