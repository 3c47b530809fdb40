import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signInitData } from '../../server/test/telegram-signing.ts';
import { launchBrowser, openPage, screenshot, type ViewportName } from './fixtures/browser.ts';
import { api, member } from './fixtures/members.ts';

// Issue #14 item 16: inside Telegram the app takes its colours from Telegram's theme, so every screen a member
// reaches (the creator's own screens too: edit, analytics, manage perks, review) is checked with axe (through
// screenshot()) in Telegram's night theme (Android's palette, whose hint and button colours fall under 4.5:1 as
// they are) and, on a phone, in its day theme. Staff screens are checked in staff.e2e.ts.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

const PALETTES = {
  night: {
    bg_color: '#212d3b',
    secondary_bg_color: '#151e27',
    section_bg_color: '#1d2733',
    header_bg_color: '#242d39',
    text_color: '#ffffff',
    hint_color: '#7d8b99',
    link_color: '#62bcf9',
    button_color: '#50a8eb',
    button_text_color: '#ffffff',
    subtitle_text_color: '#7e8c99',
  },
  day: {
    bg_color: '#ffffff',
    secondary_bg_color: '#f1f1f4',
    section_bg_color: '#ffffff',
    header_bg_color: '#ffffff',
    text_color: '#000000',
    hint_color: '#999999',
    link_color: '#2481cc',
    button_color: '#3390ec',
    button_text_color: '#ffffff',
    subtitle_text_color: '#82868a',
  },
} as const;

/** A fake `window.Telegram.WebApp` with signed launch data and a theme; every other call is a no-op. */
function miniApp(user: { id: number; first_name: string; username: string }, palette: keyof typeof PALETTES) {
  const initData = signInitData(user, { botToken: inject('botToken') });
  const state = {
    initData,
    initDataUnsafe: { user },
    version: '8.0',
    platform: 'android',
    colorScheme: palette === 'night' ? 'dark' : 'light',
    themeParams: PALETTES[palette],
    isExpanded: true,
    viewportHeight: 844,
    viewportStableHeight: 844,
    safeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
    contentSafeAreaInset: { top: 0, bottom: 0, left: 0, right: 0 },
  };
  return `(() => {
    const noop = () => {};
    const object = (base) => new Proxy(base, {
      get(target, prop) {
        if (prop in target) return target[prop];
        if (typeof prop !== 'string' || prop === 'then') return undefined;
        return noop;
      },
    });
    const app = object(Object.assign(${JSON.stringify(state)}, {
      isVersionAtLeast: (v) => {
        const want = String(v).split('.').map(Number);
        for (let i = 0; i < Math.max(2, want.length); i++) {
          const have = [8, 0][i] || 0;
          if (have !== (want[i] || 0)) return have > (want[i] || 0);
        }
        return true;
      },
      BackButton: object({ isVisible: false }),
      MainButton: object({ isVisible: false, isActive: true, text: '' }),
      SecondaryButton: object({ isVisible: false, isActive: true, text: '' }),
      HapticFeedback: object({}),
    }));
    window.Telegram = { WebApp: app };
  })();`;
}

describe.each<[ViewportName, keyof typeof PALETTES]>([
  ['phone', 'night'],
  ['desktop', 'night'],
  ['phone', 'day'],
])('inside Telegram at %s size, %s theme', (viewport, palette) => {
  const tag = `${viewport}_${palette}_${runId}`;
  let questId = '';
  let perkId = '';
  let makerId = '';

  beforeAll(async () => {
    const maker = await member(`tgm_${tag}`, 'Tess', 'Maker');
    makerId = maker.user.id;
    questId = (
      await api<{ id: string }>('club/tasks/', {
        token: maker.access,
        body: {
          title: `Post about us ${tag}`,
          description: 'Post about the club with our hashtag and send us the link.',
          reward_amount: '5',
          max_participants: 3,
          task_type: 'post',
          hashtag: '#wyntg',
        },
      })
    ).id;
    perkId = (
      await api<{ id: string }>('club/perks/', {
        token: maker.access,
        body: {
          title: `Sticker pack ${tag}`,
          description: 'A pack of club stickers, sent by post.',
          perk_type: 'discount_code',
          discount_code: `TG-${tag}`.toUpperCase(),
          cost_amount: '10',
          max_participants: 5,
          status: 'active',
        },
      })
    ).id;
  });

  it('every screen passes axe in the theme Telegram gives', { timeout: 240_000 }, async () => {
    const user = {
      id: 910000 + Math.floor(Math.random() * 80000),
      first_name: 'Tele',
      username: `tg_${tag}`.slice(0, 32),
    };
    // The member's own quest and perk, for the creator's screens.
    const own = await api<{ access: string }>('bot/telegram-webapp-auth/', {
      body: { initData: signInitData(user, { botToken: inject('botToken') }) },
    });
    const ownQuestId = (
      await api<{ id: string }>('club/tasks/', {
        token: own.access,
        body: {
          title: `Visit our site ${tag}`,
          description: 'Visit our new site and tell us what you think.',
          reward_amount: '2',
          max_participants: 2,
          task_type: 'visit',
          target_url: 'https://example.com/new',
        },
      })
    ).id;
    const ownPerkId = (
      await api<{ id: string }>('club/perks/', {
        token: own.access,
        body: {
          title: `Poster ${tag}`,
          description: 'A signed poster of the club, sent by post.',
          perk_type: 'event_invitation',
          event_details: 'Pick it up on Friday at the studio.',
          cost_amount: '15',
          max_participants: 3,
          status: 'active',
        },
      })
    ).id;
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: miniApp(user, palette) });
    await page.goto('/splash');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home', { timeout: 15_000 });
    await page.getByTestId('balance-tile').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(palette === 'night');
    const name = (screen: string) => `${viewport}-tg-${palette}-${screen}`;
    await screenshot(page, name('home'));

    const visits: [string, string, () => Promise<unknown>][] = [
      ['explore', '/explore', () => page.getByRole('heading', { name: 'Categories' }).waitFor()],
      ['explore-results', '/explore?q=join', () => page.getByTestId('quest-card').first().waitFor()],
      ['quest', `/quest/${questId}`, () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['perk', `/perk/${perkId}`, () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['wallet', '/wallet', () => page.getByTestId('wallet-balance').waitFor()],
      [
        'notifications',
        '/notifications',
        () => page.getByRole('heading', { name: 'Notifications', exact: true }).waitFor(),
      ],
      ['messages', '/messages', () => page.getByPlaceholder('Search conversations').waitFor()],
      ['profile', '/profile', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
      ['create', '/create', () => page.getByRole('radio', { name: /Create Quest/ }).waitFor()],
      ['explore-perks', '/explore?tab=perks', () => page.getByTestId('explore-category').first().waitFor()],
      ['leaderboard', '/leaderboard', () => page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor()],
      ['invite', '/invite', () => page.getByTestId('invite-link').waitFor()],
      ['other-profile', `/profile/${makerId}`, () => page.getByText('Tess Maker').first().waitFor()],
      [
        'messages-new-chat',
        `/messages?user=${makerId}`,
        () => page.getByText('Start chatting with Tess Maker').waitFor(),
      ],
      ['review', '/review', () => page.getByText('Nothing to review').waitFor()],
      ['manage-perks', '/manage-perks', () => page.getByTestId('manage-perk-card').first().waitFor()],
      ['own-quest', `/quest/${ownQuestId}`, () => page.getByRole('heading', { level: 1 }).waitFor()],
      ['own-perk', `/perk/${ownPerkId}`, () => page.getByTestId('creator-card').filter({ visible: true }).waitFor()],
      ['edit-quest', `/edit-quest/${ownQuestId}`, () => page.getByRole('heading', { name: 'Details' }).waitFor()],
      ['edit-perk', `/edit-perk/${ownPerkId}`, () => page.getByRole('heading', { name: 'Perk Type' }).waitFor()],
      [
        'quest-analytics',
        `/quest/${ownQuestId}/analytics`,
        () => page.getByRole('region', { name: 'All time' }).waitFor(),
      ],
      [
        'perk-analytics',
        `/perk/${ownPerkId}/analytics`,
        () => page.getByRole('region', { name: 'All time' }).waitFor(),
      ],
      ['terms', '/terms', () => page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor()],
      ['privacy', '/privacy', () => page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor()],
    ];
    for (const [screen, path, ready] of visits) {
      await page.goto(path);
      await ready();
      await screenshot(page, name(screen));
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
