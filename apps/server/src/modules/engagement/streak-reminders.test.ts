import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { clubRequests } from '../../../test/club-requests.ts';
import { createMember } from '../../../test/users.ts';
import type { BotMessage } from '../bot/bot.service.ts';
import { sendStreakReminders } from './streak-reminders.service.ts';

/**
 * Streak reminders (issue #16 item 7): at the member's hour in their timezone, only with reminders on and bot
 * messages allowed, never after a check-in that day, and once a day however often the scan runs.
 */
let t: TestApp;
let shift = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, patch } = clubRequests(() => t.app);
type Member = Awaited<ReturnType<typeof createMember>>;
let tgId = 770_000;

function clockAt(iso: string) {
  const delta = Date.parse(iso) - (Date.now() + shift);
  t.advance(delta);
  shift += delta;
}

/** A Telegram member who allowed bot messages, with reminders set as given. */
async function member(settings: object, opts: { allow?: boolean } = {}): Promise<Member> {
  const m = await createMember(t, { telegramId: String(++tgId) });
  if (opts.allow ?? true) expect((await post(m, '/telegram/write-access/')).statusCode).toBe(200);
  expect((await patch(m, '/user-settings/', settings)).statusCode).toBe(200);
  return m;
}

async function scan(iso: string): Promise<BotMessage[]> {
  const queued: BotMessage[] = [];
  await sendStreakReminders(t.db, new Date(iso), async (_tx, message) => {
    queued.push(message);
  });
  return queued;
}

describe('streak reminders', () => {
  it('reminds at the chosen local hour, once a day, only those who allowed it and have not checked in', async () => {
    const berlin = await member({ streak_reminders: true, reminder_hour: 19, timezone: 'Europe/Berlin' });
    const tokyo = await member({ streak_reminders: true, reminder_hour: 8, timezone: 'Asia/Tokyo' });
    const off = await member({ streak_reminders: false, reminder_hour: 19, timezone: 'Europe/Berlin' });
    const silent = await member(
      { streak_reminders: true, reminder_hour: 19, timezone: 'Europe/Berlin' },
      { allow: false },
    );
    const muted = await member({
      streak_reminders: true,
      reminder_hour: 19,
      timezone: 'Europe/Berlin',
      notifications_enabled: false,
    });
    const done = await member({ streak_reminders: true, reminder_hour: 19, timezone: 'Europe/Berlin' });
    clockAt('2026-01-20T12:00:00Z');
    expect((await post(done, '/streak/check-in/')).statusCode).toBe(200);
    const mine = (list: BotMessage[]) =>
      list.filter((m) => [berlin, tokyo, off, silent, muted, done].some((x) => x.user.id === m.userId));

    // 17:00Z is 18:00 in Berlin (winter, +1): not yet; 02:00 in Tokyo.
    expect(mine(await scan('2026-01-20T17:00:00Z'))).toEqual([]);
    // 18:00Z is 19:00 in Berlin.
    const due = mine(await scan('2026-01-20T18:00:00Z'));
    expect(due).toEqual([{ userId: berlin.user.id, text: expect.stringContaining('daily check-in'), path: '/home' }]);
    // The scan runs again within the hour: nobody twice.
    expect(mine(await scan('2026-01-20T18:15:00Z'))).toEqual([]);
    // 23:00Z on the 20th is 08:00 on the 21st in Tokyo.
    expect(mine(await scan('2026-01-20T23:00:00Z')).map((m) => m.userId)).toEqual([tokyo.user.id]);
  });

  it('a timezone the database does not know skips that member only, not the whole scan', async () => {
    const known = await member({ streak_reminders: true, reminder_hour: 10, timezone: 'UTC' });
    const odd = await member({ streak_reminders: true, reminder_hour: 10, timezone: 'UTC' });
    // As if the app's ICU had accepted a zone that this PostgreSQL's tz data lacks.
    await t.db.update(userSettings).set({ timezone: 'Mars/Olympus_Mons' }).where(eq(userSettings.userId, odd.user.id));
    const due = (await scan('2026-02-03T10:05:00Z')).map((m) => m.userId);
    expect(due).toContain(known.user.id);
    expect(due).not.toContain(odd.user.id);
  });

  it('names the streak at stake, and skips a member who checked in today', async () => {
    const m = await member({ streak_reminders: true, reminder_hour: 20, timezone: 'UTC' });
    clockAt('2026-02-01T09:00:00Z');
    await post(m, '/streak/check-in/');
    clockAt('2026-02-02T09:00:00Z');
    await post(m, '/streak/check-in/');
    const own = async (iso: string) => (await scan(iso)).filter((x) => x.userId === m.user.id);
    expect(await own('2026-02-02T20:05:00Z')).toEqual([]);
    const next = await own('2026-02-03T20:05:00Z');
    expect(next).toHaveLength(1);
    expect(next[0]!.text).toContain('2-day streak');
  });
});
