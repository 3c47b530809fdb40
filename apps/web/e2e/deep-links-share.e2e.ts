import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInitData, TEST_BOT_USERNAME, type TgUser } from '../../server/test/telegram-signing.ts';
import { expectAccessible } from './fixtures/axe.ts';
import { launchBrowser, openPage } from './fixtures/browser.ts';
import { api, member, sessionScript, type Auth } from './fixtures/members.ts';
import { expectTouchTargets } from './fixtures/touch-targets.ts';
import { callsOf, pressTelegramButton, telegramInitScript, telegramState } from './fixtures/telegram-webapp.ts';

// Issue #14 items 8 and 9: a Mini App launched with a start parameter opens its screen after sign-in, and Share
// hands the message the server prepared to Telegram's shareMessage (or Telegram's share link on older clients).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);
const SHOTS = process.env.SHOTS_DIR ?? new URL('./artifacts/', import.meta.url).pathname;

/**
 * The shared recording fake of `window.Telegram.WebApp` (fixtures/telegram-webapp.ts) carrying signed launch
 * data, with the start parameter both in the signed init data and, as Telegram also sends it, unsigned.
 */
function telegramScript(opts: { user: TgUser; startParam?: string; version?: string; scheme?: 'light' | 'dark' }) {
  const initData = signInitData(opts.user, {
    botToken: inject('botToken'),
    extra: opts.startParam ? { start_param: opts.startParam } : {},
  });
  return telegramInitScript({
    initData,
    ...(opts.startParam ? { startParam: opts.startParam } : {}),
    ...(opts.version ? { version: opts.version } : {}),
    colorScheme: opts.scheme ?? 'light',
  });
}

/** A picture of the screen (phone size), checked by axe and for touch targets as `screenshot()` checks. */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${SHOTS}${name}.png` });
  await expectTouchTargets(page, name);
  await expectAccessible(page, name);
}

/**
 * Clicks the screen's Share (or, `'SecondaryButton'`, presses Telegram's SecondaryButton, which stands in for a
 * quest's Share from Bot API 7.10); answers the server's prepare answer.
 */
async function clickShare(page: Page, name: RegExp | string | 'SecondaryButton') {
  const prepared = page.waitForResponse((r) => r.url().includes('/api/v1/club/share/prepare/'));
  if (name === 'SecondaryButton') expect(await pressTelegramButton(page, 'SecondaryButton')).toBe(true);
  else await page.getByRole('button', { name }).first().click();
  const res = await prepared;
  expect(res.status()).toBe(200);
  return (await res.json()) as { prepared_message_id?: string; link: string; text: string };
}

describe('deep links and sharing inside Telegram (phone)', () => {
  let creator: Auth;
  let questId: string;
  let questTitle: string;
  let perkId: string;
  let tgN = 0;
  const tgUser = (): TgUser => ({
    id: 810000 + ++tgN,
    first_name: 'Tara',
    last_name: `Gram${tgN}`,
    username: `tara_${runId}_${tgN}`,
  });

  beforeAll(async () => {
    creator = await member(`dl_${runId}`, 'Dana', 'Linker');
    questTitle = `Post about the deep link launch ${runId}`;
    questId = (
      await api<{ id: string }>('club/tasks/', {
        token: creator.access,
        body: {
          title: questTitle,
          description: 'Post about the launch with our hashtag and send us the link.',
          reward_amount: '5',
          max_participants: 3,
          task_type: 'post',
          hashtag: '#wynlinks',
        },
      })
    ).id;
    perkId = (
      await api<{ id: string }>('club/perks/', {
        token: creator.access,
        body: {
          title: `Launch party invite ${runId}`,
          description: 'An invitation to the launch party for members.',
          perk_type: 'event_invitation',
          event_details: 'Friday 8 pm, the studio.',
          cost_amount: '20',
          max_participants: 5,
          status: 'active',
        },
      })
    ).id;
  });

  it('a launch with start_param=q_<id> signs in and lands on that quest; Share sends the prepared message', async () => {
    const { page, context, consoleErrors } = await openPage(browser, 'phone', {
      initScript: telegramScript({ user: tgUser(), startParam: `q_${questId}` }),
    });
    await page.goto('/splash');
    await page.waitForURL((url) => url.pathname === `/quest/${questId}`, { timeout: 15_000 });
    await page.getByRole('heading', { name: questTitle }).waitFor();

    // Telegram's SecondaryButton is the quest's Share here; the in-page duplicate gives way to it.
    await expect
      .poll(async () => (await telegramState(page)).secondaryButton)
      .toMatchObject({
        text: 'Share',
        isVisible: true,
      });
    expect(await page.getByRole('button', { name: /^Share/ }).isVisible()).toBe(false);
    const answer = await clickShare(page, 'SecondaryButton');
    expect(answer.prepared_message_id).toMatch(/^prepared-\d+$/);
    expect(answer.link).toBe(`https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=q_${questId}`);
    await expect.poll(() => callsOf(page, 'shareMessage')).toEqual([[answer.prepared_message_id]]);
    // A share that happened is counted by the quest's share endpoint (shown as text beside Like).
    await page.getByTestId('shares-count-text').getByText('1 share', { exact: true }).waitFor();
    expect(await callsOf(page, 'openTelegramLink')).toEqual([]);
    await shot(page, 'tg-quest-share-light');

    // A reload of the same launch stays where the member is (the link is followed once).
    await page.goto('/home');
    await page.reload();
    await page.waitForTimeout(800);
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('p_<id> opens the perk and u_<id> the profile, each with Share', async () => {
    const perkLaunch = await openPage(browser, 'phone', {
      initScript: telegramScript({ user: tgUser(), startParam: `p_${perkId}` }),
    });
    await perkLaunch.page.goto('/splash');
    await perkLaunch.page.waitForURL((url) => url.pathname === `/perk/${perkId}`, { timeout: 15_000 });
    const perkAnswer = await clickShare(perkLaunch.page, 'Share');
    expect(perkAnswer.link).toBe(`https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=p_${perkId}`);
    await expect.poll(() => callsOf(perkLaunch.page, 'shareMessage')).toEqual([[perkAnswer.prepared_message_id]]);
    await shot(perkLaunch.page, 'tg-perk-share-light');
    expect(perkLaunch.consoleErrors).toEqual([]);
    await perkLaunch.context.close();

    const creatorId = creator.user.id;
    const profileLaunch = await openPage(browser, 'phone', {
      initScript: telegramScript({ user: tgUser(), startParam: `u_${creatorId}`, scheme: 'dark' }),
    });
    await profileLaunch.page.goto('/splash');
    await profileLaunch.page.waitForURL((url) => url.pathname === `/profile/${creatorId}`, { timeout: 15_000 });
    await profileLaunch.page.getByText('Dana Linker').first().waitFor();
    const profileAnswer = await clickShare(profileLaunch.page, 'Share');
    expect(profileAnswer.link).toBe(`https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=u_${creatorId}`);
    await expect.poll(() => callsOf(profileLaunch.page, 'shareMessage')).toEqual([[profileAnswer.prepared_message_id]]);
    await shot(profileLaunch.page, 'tg-profile-share-dark');
    expect(profileLaunch.consoleErrors).toEqual([]);
    await profileLaunch.context.close();
  });

  it('a newcomer launched with start_param=r_<code> is invited; Share on their Invite screen sends an invitation card', async () => {
    const { code } = await api<{ code: string }>('club/referrals/', { token: creator.access });
    const newcomer = tgUser();
    const { page, context, consoleErrors } = await openPage(browser, 'phone', {
      initScript: telegramScript({ user: newcomer, startParam: `r_${code}`, scheme: 'dark' }),
    });
    await page.goto('/splash');
    await page.waitForURL((url) => url.pathname === '/home' || url.pathname === '/', { timeout: 15_000 });
    // The URL changes before the redirect marks the launch's link followed; reloading earlier (the goto below)
    // would follow the r_ link again and land on Home instead of the Invite screen.
    await page.waitForFunction(() => sessionStorage.getItem('wyn.start_link') === null);
    const invited = await api<{ invited: { profile: { name: string }; status: string }[] }>('club/referrals/', {
      token: creator.access,
    });
    expect(invited.invited).toContainEqual(
      expect.objectContaining({
        profile: expect.objectContaining({ name: `${newcomer.first_name} ${newcomer.last_name}` }),
        status: 'pending',
      }),
    );

    await page.goto('/invite');
    await page.getByTestId('invite-link').waitFor();
    const answer = await clickShare(page, /^Share/);
    expect(answer.prepared_message_id).toMatch(/^prepared-\d+$/);
    expect(answer.link).toMatch(new RegExp(`^https://t\\.me/${TEST_BOT_USERNAME}/wyn\\?startapp=r_[a-z0-9]+$`));
    expect(answer.link).not.toContain(code);
    await expect.poll(() => callsOf(page, 'shareMessage')).toEqual([[answer.prepared_message_id]]);
    expect(await callsOf(page, 'openTelegramLink')).toEqual([]);
    await shot(page, 'tg-invite-share-dark');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('on a client before Bot API 8.0, Share opens t.me/share/url with the deep link', async () => {
    const { page, context, consoleErrors } = await openPage(browser, 'phone', {
      initScript: telegramScript({ user: tgUser(), startParam: `q_${questId}`, version: '7.2' }),
    });
    await page.goto('/splash');
    await page.waitForURL((url) => url.pathname === `/quest/${questId}`, { timeout: 15_000 });
    // Before 7.10 there is no SecondaryButton: the in-page Share stays.
    expect((await telegramState(page)).secondaryButton.isVisible).toBe(false);
    const answer = await clickShare(page, /^Share/);
    expect(answer.prepared_message_id).toBeUndefined();
    await expect.poll(() => callsOf(page, 'openTelegramLink')).toHaveLength(1);
    const opened = (await callsOf(page, 'openTelegramLink'))[0]![0] as string;
    const url = new URL(opened);
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(`https://t.me/${TEST_BOT_USERNAME}/wyn?startapp=q_${questId}`);
    expect(url.searchParams.get('text')).toContain(questTitle);
    expect(await callsOf(page, 'shareMessage')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('an unknown or malformed start parameter lands on Home without an error', async () => {
    const { page, context, consoleErrors } = await openPage(browser, 'phone', {
      initScript: telegramScript({ user: tgUser(), startParam: 'q_not-a-quest' }),
    });
    await page.goto('/splash');
    await page.waitForURL((url) => url.pathname === '/home' || url.pathname === '/', { timeout: 15_000 });
    await page.getByTestId('balance-tile').waitFor();
    await page.waitForTimeout(500);
    expect(['/', '/home']).toContain(new URL(page.url()).pathname);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows Share on the quest, perk and profile screens, light and dark, inside Telegram and in a browser', async () => {
    const reader = await member(`ds_${runId}`, 'Sasha', 'Shots');
    const screens = [
      ['quest', `/quest/${questId}`, /^Share/],
      ['perk', `/perk/${perkId}`, 'Share'],
      ['profile', `/profile/${creator.user.id}`, 'Share'],
    ] as const;
    // Inside Telegram a quest's Share is its SecondaryButton (the in-page button hides).
    const tgShare = (name: string, button: RegExp | string) => (name === 'quest' ? /^Like/ : button);
    for (const scheme of ['light', 'dark'] as const) {
      const tg = await openPage(browser, 'phone', { initScript: telegramScript({ user: tgUser(), scheme }) });
      await tg.page.goto('/splash');
      await tg.page.waitForURL((url) => url.pathname === '/home' || url.pathname === '/', { timeout: 15_000 });
      for (const [name, path, button] of screens) {
        await tg.page.goto(path);
        await tg.page
          .getByRole('button', { name: tgShare(name, button) })
          .first()
          .waitFor();
        await shot(tg.page, `tg-${name}-${scheme}`);
      }
      expect(tg.consoleErrors).toEqual([]);
      await tg.context.close();

      const web = await openPage(browser, 'phone', { initScript: sessionScript(reader) });
      await web.page.emulateMedia({ colorScheme: scheme });
      for (const [name, path, button] of screens) {
        await web.page.goto(path);
        await web.page.getByRole('button', { name: button }).first().waitFor();
        await shot(web.page, `web-${name}-${scheme}`);
      }
      expect(web.consoleErrors).toEqual([]);
      await web.context.close();
    }
  });

  it('in a plain browser, /?startapp=q_<id> opens the quest after sign-in, and Share copies its web address', async () => {
    const reader = await member(`dr_${runId}`, 'Remy', 'Reader');
    const { page, context, consoleErrors } = await openPage(browser, 'phone', { initScript: sessionScript(reader) });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/?startapp=q_${questId}`);
    await page.waitForURL((url) => url.pathname === `/quest/${questId}`);
    await page.getByRole('heading', { name: questTitle }).waitFor();
    await page.getByRole('button', { name: /^Share/ }).click();
    await page.getByText('Link copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(`/quest/${questId}`, page.url()).href,
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
