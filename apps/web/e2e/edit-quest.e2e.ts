import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInitData, type TgUser } from '../../server/test/telegram-signing.ts';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type Session, type ViewportName } from './fixtures/browser.ts';
import { api, createPostQuest, member, POST_QUEST, sessionScript, uploadCover, type Auth } from './fixtures/members.ts';
import { openInTelegram, telegramScreenshot } from './fixtures/telegram-harness.ts';
import { callsOf, DARK_THEME, LIGHT_THEME, pressTelegramButton, telegramState } from './fixtures/telegram-webapp.ts';

/**
 * A quest's creator edits it (issue #14 item 20, #15 item 11; docs/product.md "Editing a quest") against the real
 * server: from the quest screen's Edit Quest, the wizard's Details step (type fixed, the reward locked once a member
 * joined), Review & Save with the extra escrow, and the wallet paying reward × added places. Inside Telegram the
 * creator's MainButton is Edit Quest, then Next Step and Save Changes, and the BackButton leaves to the quest.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);
const { reward: REWARD, places: MAX } = POST_QUEST;

type Quest = {
  id: string;
  title: string;
  media: string | null;
  max_participants: number | null;
  current_participants: number;
};
type Wallet = { balance: string };

const balanceOf = async (auth: Auth) =>
  Number((await api<Wallet>('club/wallets/my_wallet/', { token: auth.access })).balance);

describe.each<ViewportName>(['phone', 'desktop'])('editing a quest at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let creator: Session;
  let creatorAuth: Auth;
  let questId = '';
  const title = `Share our launch ${tag}`;
  const newTitle = `Share our big launch ${tag}`;

  beforeAll(async () => {
    let joinerAuth: Auth;
    [creatorAuth, joinerAuth] = await Promise.all([
      member(`eqc_${tag}`, 'Edith', 'Maker'),
      member(`eqj_${tag}`, 'Jo', 'Joiner'),
    ]);
    questId = (await createPostQuest<Quest>(creatorAuth, title, await uploadCover(creatorAuth))).id;
    // One member joined: the reward is fixed now, and places may not go below one.
    await api(`club/tasks/${questId}/participate/`, { token: joinerAuth.access, body: {} });
    creator = await openPage(browser, viewport, { initScript: sessionScript(creatorAuth) });
  });
  afterAll(async () => {
    await creator?.context.close();
  });

  it('the creator presses Edit Quest, changes the title and adds places, and pays reward × added places', async () => {
    const { page } = creator;
    const before = await balanceOf(creatorAuth);
    expect(before).toBe(100 - REWARD * MAX);

    await page.goto(`/quest/${questId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('link', { name: 'Edit Quest' }).click();
    await page.waitForURL(new RegExp(`/edit-quest/${questId}$`));
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    await expect(page.getByTestId('fixed-quest-type').innerText()).resolves.toMatch(/Quest type: Post · #wynlaunch/);
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(title);
    // A member joined: the reward cannot change, and the places have a floor.
    await expect(page.getByLabel('Reward amount (W)').isDisabled()).resolves.toBe(true);
    await page.getByText("The reward can't change once members have joined.").waitFor();
    await page.getByText('At least 1: already joined.').waitFor();
    await screenshot(page, `${viewport}-quest-edit-details`);
    // The current cover stays unless replaced or removed.
    await page.getByTestId('current-cover').getByText('Upload a new file to replace it').waitFor();
    await page.getByLabel('Deadline').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `${viewport}-quest-edit-limits`);

    await page.getByLabel('Title', { exact: true }).fill(newTitle);
    await page.getByLabel('Max participants').fill('4');
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('heading', { name: 'Review & Save' }).waitFor();
    const note = page.getByTestId('escrow-note');
    await expect
      .poll(async () => (await note.innerText()).replace(/\s+/g, ' '))
      .toMatch(new RegExp(`Extra escrow: ${REWARD * 2}(\\.00)? W will be reserved from your balance`));
    await expect
      .poll(async () => (await note.innerText()).replace(/\s+/g, ' '))
      .toMatch(new RegExp(`Your balance: ${before}(\\.00)? W`));
    await screenshot(page, `${viewport}-quest-edit-review`);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(new RegExp(`/quest/${questId}$`));
    await page.getByRole('heading', { level: 1, name: newTitle }).waitFor();
    await page.getByText('Quest updated successfully!').first().waitFor();
    await screenshot(page, `${viewport}-quest-edited`);

    // The server kept the change, and the two added places took reward × 2 from the creator's wallet.
    const saved = await api<Quest>(`club/tasks/${questId}/`, { token: creatorAuth.access });
    expect(saved).toMatchObject({ title: newTitle, max_participants: 4, current_participants: 1 });
    expect(saved.media).toMatch(/^\/media\//);
    expect(await balanceOf(creatorAuth)).toBe(before - REWARD * 2);
    expect(creator.consoleErrors).toEqual([]);
  });
});

describe.each(['light', 'dark'] as const)('editing a quest inside Telegram (phone), %s theme', (scheme) => {
  const theme = scheme === 'dark' ? DARK_THEME : LIGHT_THEME;
  let auth: Auth;
  let initData: string;
  let questId = '';
  const title = `Post about us ${scheme} ${runId}`;

  beforeAll(async () => {
    const user: TgUser = {
      id: 870_000_000 + Math.floor(Math.random() * 9_000_000),
      first_name: 'Tess',
      last_name: 'Maker',
      username: `tess_${scheme}_${runId}`,
    };
    initData = signInitData(user, { botToken: inject('botToken') });
    auth = await api<Auth>('bot/telegram-webapp-auth/', { body: { initData } });
    questId = (await createPostQuest<Quest>(auth, title)).id;
  });

  const state = (s: { app: Parameters<typeof telegramState>[0] }) => telegramState(s.app);

  it('MainButton: Edit Quest, Next Step, Save Changes; BackButton leaves to the quest', async () => {
    const s = await openInTelegram(
      browser,
      `/quest/${questId}`,
      { initData, themeParams: theme, colorScheme: scheme },
      sessionScript(auth),
    );
    const { app } = s;
    await app.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(async () => (await state(s)).mainButton.text).toBe('Edit Quest');
    // Close stays an in-page button; Edit is on the MainButton.
    await expect(app.getByRole('button', { name: 'Close Quest' }).first().isVisible()).resolves.toBe(true);
    await expect(app.getByRole('link', { name: 'Edit Quest' }).isVisible()).resolves.toBe(false);

    // Edit, then Telegram's BackButton on Details goes back to the quest.
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);
    await app.getByRole('heading', { name: 'Details' }).waitFor();
    expect(new URL(app.url()).pathname).toBe(`/edit-quest/${questId}`);
    await expect.poll(async () => (await state(s)).backButton.isVisible).toBe(true);
    await expect.poll(async () => (await state(s)).mainButton.text).toBe('Next Step');
    await telegramScreenshot(s, `${scheme}-quest-edit-details`);
    expect(await pressTelegramButton(app, 'BackButton')).toBe(true);
    await app.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(app.url()).pathname).toBe(`/quest/${questId}`);
    await expect.poll(async () => (await state(s)).mainButton.text).toBe('Edit Quest');

    // Edit again and save through the MainButton.
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);
    await app.getByRole('heading', { name: 'Details' }).waitFor();
    const newTitle = `Post about our launch ${scheme} ${runId}`;
    await app.getByLabel('Title', { exact: true }).fill(newTitle);
    await app.getByLabel('Max participants').fill('3');
    await expect.poll(async () => (await state(s)).isClosingConfirmationEnabled).toBe(true);
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);
    await app.getByRole('heading', { name: 'Review & Save' }).waitFor();
    await expect.poll(async () => (await state(s)).mainButton.text).toBe('Save Changes');
    await app
      .getByTestId('escrow-note')
      .getByText(/Extra escrow: 5(\.00)? W/)
      .waitFor();
    await telegramScreenshot(s, `${scheme}-quest-edit-review`);
    // On the review step BackButton goes back a step, not out.
    expect(await pressTelegramButton(app, 'BackButton')).toBe(true);
    await app.getByRole('heading', { name: 'Details' }).waitFor();
    await expect(app.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(newTitle);
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);
    await app.getByRole('heading', { name: 'Review & Save' }).waitFor();
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);

    await app.getByRole('heading', { level: 1, name: newTitle }).waitFor();
    expect(new URL(app.url()).pathname).toBe(`/quest/${questId}`);
    await expect.poll(async () => (await state(s)).isClosingConfirmationEnabled).toBe(false);
    expect(await callsOf(app, 'HapticFeedback.notificationOccurred')).toContainEqual(['success']);
    await expect.poll(async () => (await state(s)).mainButton.text).toBe('Edit Quest');
    await telegramScreenshot(s, `${scheme}-quest-edited`);
    const saved = await api<Quest>(`club/tasks/${questId}/`, { token: auth.access });
    expect(saved).toMatchObject({ title: newTitle, max_participants: 3 });
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });
});
