import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { boardKey } from '../src/modules/engagement/xp.service.ts';

/**
 * `members` bench members, each with XP on the all-time, this week's and ben's club board (many ties: XP in
 * 1..5000), set-based. Ava sits in the middle of every board, so `me` costs what it costs a typical member.
 */
export async function fillBoards(database: Database, members: number) {
  const run = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await run(sql`
    insert into users (username, first_name, last_name, is_verified)
    select 'lb_' || g, 'Member', 'No ' || g, true from generate_series(1, ${members}) g`);
  await run(sql`insert into profiles (id) select id from users where username like 'lb\\_%' on conflict do nothing`);
  // A few hidden and disabled members, as in life: they are left out of every board.
  await run(sql`update users set is_hidden = true where username in ('lb_7', 'lb_77', 'lb_777')`);
  await run(sql`update users set is_active = false where username in ('lb_8', 'lb_88')`);
  const now = new Date();
  const ben = sql`(select id from users where username = 'ben')`;
  for (const board of [boardKey('all', { at: now }), boardKey('week', { at: now })]) {
    await run(sql`
      insert into leaderboard_scores (board, user_id, xp)
      select ${board}, id, 1 + (abs(hashtext(id::text)) % 5000) from users where username like 'lb\\_%'`);
    await run(sql`
      insert into leaderboard_scores (board, user_id, xp)
      select ${board} || '|c:' || ${ben}, id, 1 + (abs(hashtext(id::text || 'c')) % 2000)
      from users where username like 'lb\\_%'`);
    await run(sql`
      insert into leaderboard_scores (board, user_id, xp)
      select ${board}, id, 2500 from users where username = 'ava'`);
  }
  await run(sql`analyze`);
}
