import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { signInitData, type TgUser } from '../../server/test/telegram-signing.ts';
import { launchBrowser } from './fixtures/browser.ts';
import { api, member, sessionScript, type Auth } from './fixtures/members.ts';
import { openInTelegram, telegramScreenshot } from './fixtures/telegram-harness.ts';
import { DARK_THEME, LIGHT_THEME, pressTelegramButton, telegramState } from './fixtures/telegram-webapp.ts';

/**
 * The Mini App's screens as a member sees them inside Telegram at 390×844, in Telegram's day and night themes:
 * Telegram's header with its BackButton and its bottom bar with the MainButton the screen set
 * (fixtures/telegram-harness.ts). Pictures go to artifacts/telegram/ (or TG_SHOTS_DIR); each is checked by axe
 * and for touch targets. The perk's creator screens and Edit Perk are in edit-perk.e2e.ts, Edit Quest in
 * edit-quest.e2e.ts, analytics in creator-tools.e2e.ts.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

describe.each(['light', 'dark'] as const)('inside Telegram, %s theme', (scheme) => {
  const theme = scheme === 'dark' ? DARK_THEME : LIGHT_THEME;
  let creator: Auth;
  let memberAuth: Auth;
  let initData: string;
  let questId: string;
  let perkId: string;
  /** Mia's own quest (Nora's proof waits for her review) and perk. */
  let ownQuestId: string;
  let ownPerkId: string;
  /** Nora's quest where Mia's proof waits for Nora's approval. */
  let celebrateQuestId: string;

  beforeAll(async () => {
    const tag = `${scheme}_${runId}`;
    creator = await member(`tsc_${tag}`, 'Nora', 'Maker');
    const user: TgUser = {
      id: 860_000_000 + (scheme === 'dark' ? 2 : 1),
      first_name: 'Mia',
      last_name: 'Member',
      username: `mia_${tag}`,
    };
    initData = signInitData(user, { botToken: inject('botToken') });
    memberAuth = await api<Auth>('bot/telegram-webapp-auth/', { body: { initData } });
    questId = (
      await api<{ id: string }>('club/tasks/', {
        token: creator.access,
        body: {
          title: 'Share our launch post',
          description: 'Post about the launch with #wynlaunch and send us the link.',
          reward_amount: '10',
          max_participants: 5,
          task_type: 'post',
          hashtag: '#wynlaunch',
        },
      })
    ).id;
    perkId = (
      await api<{ id: string }>('club/perks/', {
        token: creator.access,
        body: {
          title: 'Studio day pass',
          description: 'A full day in the studio with the team.',
          perk_type: 'discount_code',
          discount_code: `PASS-${tag}`.toUpperCase(),
          cost_amount: '30',
          max_participants: 5,
          status: 'active',
        },
      })
    ).id;
    const post = (auth: Auth, title: string) =>
      api<{ id: string }>('club/tasks/', {
        token: auth.access,
        body: {
          title,
          description: 'Post a photo from the meetup with #wynmeetup and send us the link.',
          reward_amount: '8',
          max_participants: 5,
          task_type: 'post',
          hashtag: '#wynmeetup',
        },
      });
    const proof = async (auth: Auth, id: string) => {
      await api(`club/tasks/${id}/participate/`, { token: auth.access, body: {} });
      await api(`club/tasks/${id}/submit_proof/`, {
        token: auth.access,
        body: { proof_text: 'Posted it: https://example.com/meetup-post' },
      });
    };
    const [own, other] = await Promise.all([
      post(memberAuth, 'Photos from the meetup'),
      post(creator, 'Post your meetup photo'),
    ]);
    [ownQuestId, celebrateQuestId] = [own.id, other.id];
    ownPerkId = (
      await api<{ id: string }>('club/perks/', {
        token: memberAuth.access,
        body: {
          title: 'Meetup sticker sheet',
          description: 'A sheet of meetup stickers, handed out at the door.',
          perk_type: 'event_invitation',
          event_details: 'Pick it up at the next meetup.',
          cost_amount: '5',
          max_participants: 10,
          status: 'active',
        },
      })
    ).id;
    await Promise.all([proof(creator, ownQuestId), proof(memberAuth, celebrateQuestId)]);
  });

  const opts = () => ({ initData, themeParams: theme, colorScheme: scheme });
  const shots: string[] = [];
  afterAll(() => {
    console.info(`telegram screenshots (${scheme}):\n${shots.join('\n')}`);
  });

  it('quest and perk', async () => {
    const s = await openInTelegram(browser, `/quest/${questId}`, opts(), sessionScript(memberAuth));
    await s.app.getByRole('heading', { name: 'Share our launch post' }).waitFor();
    await expect.poll(async () => (await telegramState(s.app)).mainButton.text).toBe('Participate');
    shots.push(await telegramScreenshot(s, `${scheme}-quest`));

    expect(s.consoleErrors).toEqual([]);
    await s.context.close();

    const p = await openInTelegram(browser, `/perk/${perkId}`, opts(), sessionScript(memberAuth));
    await p.app.getByRole('heading', { name: 'Studio day pass' }).waitFor();
    await expect.poll(async () => (await telegramState(p.app)).mainButton.text).toBe('Redeem for 30 W');
    shots.push(await telegramScreenshot(p, `${scheme}-perk`));
    await pressTelegramButton(p.app, 'MainButton');
    await p.app.getByText('Are you sure you want to spend 30 W points').waitFor();
    shots.push(await telegramScreenshot(p, `${scheme}-perk-confirm`));
    expect(p.consoleErrors).toEqual([]);
    await p.context.close();
  });

  it('wallet send sheet', async () => {
    const s = await openInTelegram(browser, '/wallet', opts(), sessionScript(memberAuth));
    await s.app.getByTestId('wallet-balance').waitFor();
    await s.app.getByRole('button', { name: 'Send' }).click();
    await s.app.getByLabel('Recipient').fill(`tsc_${scheme}_${runId}`);
    await s.app.getByLabel('Amount (W)').fill('12');
    await expect.poll(async () => (await telegramState(s.app)).mainButton.text).toBe('Continue');
    shots.push(await telegramScreenshot(s, `${scheme}-wallet-send`));
    await pressTelegramButton(s.app, 'MainButton');
    await s.app.getByText('Send 12 W to').waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-wallet-send-confirm`));
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('create wizard', async () => {
    const s = await openInTelegram(browser, '/create', opts(), sessionScript(memberAuth));
    await expect.poll(async () => (await telegramState(s.app)).mainButton.text).toBe('Next Step');
    shots.push(await telegramScreenshot(s, `${scheme}-create-step0`));
    await pressTelegramButton(s.app, 'MainButton');
    await s.app.getByRole('heading', { name: 'Quest Type' }).waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-create-step1`));
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('home, the top bar, explore with its filter sheet and perks, notifications', async () => {
    const s = await openInTelegram(browser, '/', opts(), sessionScript(memberAuth));
    const { app } = s;
    await app.getByTestId('balance-tile').waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-home`));
    await app.getByTestId('main-nav').getByRole('link', { name: 'Explore' }).click();
    await app.getByTestId('top-bar').waitFor();
    await app.getByTestId('explore-category').first().waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-explore-top-bar`));
    await app.getByTestId('explore-filter-button').click();
    const sheet = app.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-explore-filter-sheet`));
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });
    await app.getByRole('tab', { name: 'Perks' }).click();
    await app.getByTestId('explore-category').first().waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-explore-perks`));
    await app
      .getByTestId('top-bar')
      .getByRole('link', { name: /Notifications/ })
      .click();
    await app.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-notifications`));
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('messages: a new chat from the search, then the empty chat', async () => {
    const s = await openInTelegram(browser, '/messages', opts(), sessionScript(memberAuth));
    const { app } = s;
    await app.getByRole('button', { name: 'New message' }).click();
    const dialog = app.getByRole('dialog', { name: 'New message' });
    await dialog.getByLabel('Search members').fill(`tsc_${scheme}_${runId}`);
    const result = dialog.getByRole('link', { name: /Nora Maker/ });
    await result.waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-messages-new-chat`));
    await result.click();
    await app.getByText('Start chatting with Nora Maker').waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-messages-empty-chat`));
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('profile edit, saved with the MainButton, and its toast', async () => {
    const s = await openInTelegram(browser, '/profile', opts(), sessionScript(memberAuth));
    const { app } = s;
    await app.getByRole('button', { name: 'Edit Profile' }).click();
    await app.getByLabel('Bio').fill('Photos, meetups and stickers.');
    await expect.poll(async () => (await telegramState(app)).mainButton.text).toBe('Save Changes');
    shots.push(await telegramScreenshot(s, `${scheme}-profile-edit`));
    await pressTelegramButton(app, 'MainButton');
    await app.locator('[data-sonner-toast]').filter({ hasText: 'Profile updated' }).waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-toast`));
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('review with its confirmation, and manage perks', async () => {
    const s = await openInTelegram(browser, '/review', opts(), sessionScript(memberAuth));
    const { app } = s;
    const row = app.getByTestId('review-list').getByTestId('submission').first();
    await row.getByText('https://example.com/meetup-post', { exact: false }).waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-review`));
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = app.getByRole('dialog', { name: 'Approve submission?' });
    await dialog.waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-review-confirm`));
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await app.getByText('Nothing to review').waitFor();

    await app.goto('/manage-perks');
    await app.getByTestId('manage-perk-card').filter({ hasText: 'Meetup sticker sheet' }).waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-manage-perks`));
    // The perk as its creator sees it: Edit Perk on the MainButton, the creator's card instead of Redeem.
    await app.goto(`/perk/${ownPerkId}`);
    await app.getByTestId('creator-card').filter({ visible: true }).waitFor();
    await expect.poll(async () => (await telegramState(app)).mainButton.text).toBe('Edit Perk');
    shots.push(await telegramScreenshot(s, `${scheme}-perk-as-creator`));
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('the reward celebration, live on the open quest', async () => {
    const s = await openInTelegram(browser, `/quest/${celebrateQuestId}`, opts(), sessionScript(memberAuth));
    const { app } = s;
    await app.getByRole('heading', { name: 'Post your meetup photo' }).waitFor();
    await app.getByText('Submission Under Review').first().waitFor();
    const pending = await api<{ results: { id: string; task: string }[] }>('club/task-completions/to_review/', {
      token: creator.access,
    });
    const mine = pending.results.find((c) => c.task === celebrateQuestId)!;
    await api(`club/task-completions/${mine.id}/approve/`, { token: creator.access, body: {} });
    await app.getByTestId('reward-celebration').waitFor({ timeout: 10_000 });
    shots.push(await telegramScreenshot(s, `${scheme}-reward-celebration`));
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });

  it('failed sign-in', async () => {
    const bad = signInitData({ id: 860_000_100, first_name: 'Bad' }, { botToken: '999:not-our-bot-token' });
    const s = await openInTelegram(browser, '/', { initData: bad, themeParams: theme, colorScheme: scheme });
    await s.app.getByTestId('miniapp-signin-error').waitFor();
    shots.push(await telegramScreenshot(s, `${scheme}-signin-failed`));
    expect(s.consoleErrors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
    await s.context.close();
  });
});
