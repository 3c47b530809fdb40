import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { DATABASE_READS, demoLogin, startBenchServer } from './bench-server.ts';
import { measure, type Target } from './hot-reads.ts';

export type GrowthSize = { quests: number; members: number; messages: number; transactions: number };
export const SMALL: GrowthSize = { quests: 1_000, members: 1_000, messages: 1_000, transactions: 1_000 };
export const LARGE: GrowthSize = { quests: 100_000, members: 100_000, messages: 1_000_000, transactions: 1_000_000 };

/** A rare word planted in a fixed number of rows at every size, so both sizes return the same results. */
const RARE = 'zephyrine';
const PLANTED = 20;
/** Messages between the two measured members, the same at every size. */
const PAIR_MESSAGES = 500;
/** Ledger transactions into the measured member's wallet, the same at every size. */
const OWN_TRANSACTIONS = 500;

const WORDS = `garden yoga coffee telegram channel meetup photo running music guitar pizza travel coding design
  festival market library museum cinema theatre podcast newsletter poster sticker hoodie mug bike hike river
  mountain beach sunset sunrise community member reward quest perk badge invite event workshop webinar
  contest challenge streak weekly daily morning evening city park bakery recipe vegan chess board game
  puzzle quiz trivia karaoke dance salsa tango jazz vinyl record studio camera drone robot rocket planet
  star galaxy ocean forest lake island bridge tower castle village harbour lantern candle poetry novel
  comic anime sketch canvas paint mural craft pottery knit garden tea wine cheese chocolate donut bagel`
  .split(/\s+/)
  .filter(Boolean);

/**
 * Fills a fresh database with `size` rows using set-based SQL: members (user, profile, settings), published
 * quests by one creator (`ben`), and messages: `PAIR_MESSAGES` between ava and ben, 20 each between ava and
 * 10 other members, the rest between random other members. `RARE` is planted in `PLANTED` quest titles and
 * member names at every size.
 */
export async function fill(database: Database, size: GrowthSize) {
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  const n = WORDS.length;
  const run = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await run(sql`
    insert into users (username, first_name, last_name, is_verified)
    select 'gm_' || g, case when g <= ${PLANTED} then ${RARE} else initcap((${words})[1 + (g * 7) % ${n}]) end,
           initcap((${words})[1 + (g * 13) % ${n}]), true
    from generate_series(1, ${size.members}) g`);
  await run(sql`insert into profiles (id, bio) select id, 'Member of the bench community' from users
                where username like 'gm\\_%' on conflict do nothing`);
  await run(sql`insert into user_settings (user_id) select id from users where username like 'gm\\_%'
                on conflict do nothing`);
  await run(sql`
    insert into quests (creator_id, title, description, task_type, status, reward_amount, created_at)
    select (select id from users where username = 'ben'),
           case when g <= ${PLANTED} then initcap(${RARE}) || ' ' else '' end
             || initcap((${words})[1 + (g * 3) % ${n}]) || ' ' || (${words})[1 + (g * 11) % ${n}] || ' '
             || (${words})[1 + (g * 17) % ${n}],
           'Bench quest ' || g || ': ' || (${words})[1 + (g * 5) % ${n}] || ' ' || (${words})[1 + (g * 19) % ${n}]
             || ' ' || (${words})[1 + (g * 23) % ${n}] || ' with the community.',
           'visit', 'published', 100 * (1 + g % 50), now() - (g || ' seconds')::interval
    from generate_series(1, ${size.quests}) g`);
  await run(sql`
    insert into messages (sender_id, receiver_id, content, created_at)
    select case when g % 2 = 0 then a.id else b.id end, case when g % 2 = 0 then b.id else a.id end,
           'Pair message ' || g, now() - (g || ' seconds')::interval
    from generate_series(1, ${PAIR_MESSAGES}) g,
         (select id from users where username = 'ava') a, (select id from users where username = 'ben') b`);
  await run(sql`
    with others as (select id, row_number() over (order by username) as k from users
                    where username like 'gm\\_%' order by username limit 10)
    insert into messages (sender_id, receiver_id, content, created_at)
    select case when g % 2 = 0 then a.id else o.id end, case when g % 2 = 0 then o.id else a.id end,
           'Side chat ' || g, now() - ((g + o.k * 100) || ' minutes')::interval
    from generate_series(1, 20) g cross join others o, (select id from users where username = 'ava') a`);
  const rest = Math.max(0, size.messages - PAIR_MESSAGES - 200);
  await run(sql`
    with m as (select id, row_number() over (order by id) - 1 as k from users where username like 'gm\\_%'),
         c as (select count(*) as total from m)
    insert into messages (sender_id, receiver_id, content, created_at)
    select s.id, r.id, 'Background message ' || g, now() - (g || ' seconds')::interval
    from generate_series(1::bigint, ${rest}) g
    cross join c
    join m s on s.k = (g * 7919) % c.total
    join m r on r.k = (g * 7919 + 1 + g % 97) % c.total`);
  // Ledger: system rewards (the system account may go negative), `OWN_TRANSACTIONS` to ava, the rest spread
  // over the other members; each with its two entries, then balances recomputed from the entries, so every
  // invariant of docs/product.md still holds.
  await run(sql`insert into wallets (kind, user_id) select 'member', id from users where username like 'gm\\_%'
                on conflict do nothing`);
  await run(sql`
    with sys as (select id from wallets where kind = 'system' and shard = 0),
         mw as (select w.id, row_number() over (order by w.id) - 1 as k from wallets w
                join users u on u.id = w.user_id where u.username like 'gm\\_%'),
         c as (select count(*) as total from mw),
         ava as (select w.id from wallets w join users u on u.id = w.user_id where u.username = 'ava'),
         gen as (
           select gen_random_uuid() as id, case when g <= ${OWN_TRANSACTIONS} then ava.id else mw.id end as to_wallet,
                  100 + (g % 900) as amount, now() - (g || ' seconds')::interval as created_at
           from generate_series(1::bigint, ${size.transactions}) g
           cross join c cross join ava
           join mw on mw.k = (g * 7919) % c.total),
         ins as (
           insert into transactions (id, transaction_type, amount, from_wallet_id, to_wallet_id, description, created_at)
           select gen.id, 'system_reward', gen.amount, sys.id, gen.to_wallet, 'Bench reward', gen.created_at
           from gen, sys returning id, from_wallet_id, to_wallet_id, amount, created_at)
    insert into ledger_entries (transaction_id, wallet_id, amount, created_at)
    select id, from_wallet_id, -amount, created_at from ins
    union all select id, to_wallet_id, amount, created_at from ins`);
  await run(sql`
    update wallets w set balance = coalesce(e.total, 0)
    from (select wallet_id, sum(amount) as total from ledger_entries group by wallet_id) e
    where e.wallet_id = w.id and w.balance <> e.total`);
  await run(sql`analyze`);
}

export type GrowthRow = { name: string; small: { mean: number; p99: number }; large: { mean: number; p99: number } };

/** The same reads at both sizes, one server per size; latency at 10 connections (no queueing). */
export async function growth(port: number, duration: number): Promise<GrowthRow[]> {
  const results: Record<string, Record<'small' | 'large', { mean: number; p99: number }>> = {};
  for (const [label, size] of [
    ['small', SMALL],
    ['large', LARGE],
  ] as const) {
    const server = await startBenchServer(port, `growth_${label}`, DATABASE_READS);
    try {
      const t0 = Date.now();
      await fill(server.database, size);
      console.info(
        `  filled the ${label} database (${JSON.stringify(size)}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
      );
      const headers = await demoLogin(server.base, 'ava');
      const ben = (await (
        await fetch(`${server.base}/api/v1/club/profiles/me/`, { headers: await demoLogin(server.base, 'ben') })
      ).json()) as { id: string };
      const wallet = (await (await fetch(`${server.base}/api/v1/club/wallets/my_wallet/`, { headers })).json()) as {
        id: string;
      };
      const search = (query: string, content_type: string, ordering?: string): Target => ({
        name: '',
        path: '/api/v1/club/explore/search/',
        method: 'POST',
        body: { query, content_type, filters: {}, page: 1, limit: 20, ...(ordering ? { ordering } : {}) },
      });
      const targets: Target[] = [
        { ...search(RARE.slice(0, 6), 'tasks'), name: 'search quests, prefix' },
        { ...search('zephyrime', 'tasks'), name: 'search quests, typo' },
        { ...search('garden', 'tasks', '-reward_amount'), name: 'search quests, common word' },
        // Words in every quest ("quest" is in every description, "the" starts "the community" and "theatre"):
        // ranked by relevance, the default order of a search.
        { ...search('quest', 'tasks'), name: 'search quests, "quest"' },
        { ...search('the', 'mixed'), name: 'search all, "the"' },
        { ...search(RARE, 'users'), name: 'search users' },
        { ...search(' ', 'tasks'), name: 'browse quests (no query)' },
        { name: 'message history (page 1)', path: `/api/v1/club/messages/?chat_with=${ben.id}&ordering=-sent_at` },
        {
          name: 'message history (page 10)',
          path: `/api/v1/club/messages/?chat_with=${ben.id}&ordering=-sent_at&page=10&page_size=20`,
        },
        { name: 'chat list', path: '/api/v1/club/messages/chats/' },
        {
          name: 'wallet history (page 1)',
          path: `/api/v1/club/wallets/${wallet.id}/transactions/?page=1&page_size=10`,
        },
        {
          name: 'wallet history (page 20)',
          path: `/api/v1/club/wallets/${wallet.id}/transactions/?page=20&page_size=10&ordering=-amount`,
        },
        { name: 'wallet history search', path: `/api/v1/club/wallets/${wallet.id}/transactions/?search=bench` },
      ];
      for (const t of targets) {
        const row = await measure(server.base, headers, t, { connections: 10, duration });
        if (row.errors) throw new Error(`${t.name}: ${row.errors} failed requests`);
        (results[t.name] ??= {} as never)[label] = { mean: row.mean, p99: row.p99 };
        console.info(`    ${label.padEnd(6)} ${t.name.padEnd(30)} mean ${row.mean.toFixed(1)} ms, p99 ${row.p99} ms`);
      }
    } finally {
      await server.stop();
    }
  }
  return Object.entries(results).map(([name, r]) => ({ name, small: r.small, large: r.large }));
}
