import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { signInitData, type TgUser } from '../../server/test/telegram-signing.ts';
import { launchBrowser, openPage, screenshot, type Session, type ViewportName } from './fixtures/browser.ts';
import { api, createPostQuest, member, sessionScript, uploadCover, type Auth } from './fixtures/members.ts';
import { openInTelegram, telegramScreenshot } from './fixtures/telegram-harness.ts';
import { DARK_THEME, LIGHT_THEME, pressTelegramButton, telegramState } from './fixtures/telegram-webapp.ts';

/**
 * Creator tools (issue #15 items 12, 13; docs/product.md "Creator tools") against the real server: the creator
 * duplicates a quest (the wizard opens filled in from the server's copy, cover included, and publishing makes a
 * second quest), then opens its analytics and sees the view of another member who opened the quest (views are
 * buffered for up to two seconds on the server, so the screen is reloaded until it shows). A member who is not
 * the creator gets the forbidden state. Inside Telegram the analytics screen has the BackButton, back to the quest.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

type Quest = { id: string; title: string; media: string | null; max_participants: number | null };
type Page_<T> = { results: T[]; count: number };

/** The value of one stat tile on the analytics screen. */
const tile = (page: Page | Frame, label: string) =>
  page.getByRole('region', { name: 'All time' }).locator(`dt:text-is("${label}") + dd`).innerText();

describe.each<ViewportName>(['phone', 'desktop'])('creator tools at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let creator: Session;
  let creatorAuth: Auth;
  let viewerAuth: Auth;
  let questId = '';
  const title = `Share our launch ${tag}`;

  beforeAll(async () => {
    [creatorAuth, viewerAuth] = await Promise.all([
      member(`ctc_${tag}`, 'Cleo', 'Maker'),
      member(`ctv_${tag}`, 'Vic', 'Viewer'),
    ]);
    questId = (await createPostQuest<Quest>(creatorAuth, title, await uploadCover(creatorAuth))).id;
    creator = await openPage(browser, viewport, { initScript: sessionScript(creatorAuth) });
  });
  afterAll(async () => {
    await creator?.context.close();
  });

  it('the creator duplicates the quest: the wizard opens filled in and publishing makes a second quest', async () => {
    const { page } = creator;
    await page.goto(`/quest/${questId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('link', { name: 'Duplicate' }).click();
    await page.waitForURL(new RegExp(`/create\\?duplicate=quest(:|%3A)${questId}$`));
    await page.getByTestId('duplicate-note').getByText(`A copy of “${title}”`).waitFor();
    await page.getByRole('heading', { name: 'Quest Type' }).waitFor();
    await expect(page.getByRole('radio', { name: /Post/ }).getAttribute('aria-checked')).resolves.toBe('true');
    await screenshot(page, `${viewport}-duplicate-type`);

    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(title);
    await expect(page.getByLabel('Max participants').inputValue()).resolves.toBe('2');
    await page.getByAltText('Selected media preview').waitFor();
    await screenshot(page, `${viewport}-duplicate-details`);
    const copyTitle = `Share our launch again ${tag}`;
    await page.getByLabel('Title', { exact: true }).fill(copyTitle);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('heading', { name: 'Review & Submit' }).waitFor();
    await page.getByRole('button', { name: 'Create Quest' }).click();
    await page.getByRole('heading', { level: 1, name: copyTitle }).waitFor();

    const mine = await api<Page_<Quest>>('club/tasks/my_tasks/', { token: creatorAuth.access });
    expect(mine.count).toBe(2);
    const copy = mine.results.find((q) => q.title === copyTitle)!;
    expect(copy.id).not.toBe(questId);
    expect(copy).toMatchObject({ max_participants: 2 });
    expect(copy.media).toMatch(/^\/media\//);
    expect(creator.consoleErrors).toEqual([]);
  });

  it("the creator sees another member's view in the quest's analytics; others get the forbidden state", async () => {
    const { page } = creator;
    // Another member opens the quest: one view (the creator's own visits do not count).
    await api(`club/tasks/${questId}/`, { token: viewerAuth.access });

    await page.goto(`/quest/${questId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(new RegExp(`/quest/${questId}/analytics$`));
    await page.getByTestId('analytics-subject').getByText(title).waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          return tile(page, 'Views');
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe('1');
    await expect(tile(page, 'Joins')).resolves.toBe('0');
    await page.getByRole('img', { name: /^Views per day: 1 over 30 days/ }).waitFor();
    await screenshot(page, `${viewport}-quest-analytics`);

    await page.getByRole('radio', { name: '90 days' }).click();
    await page.getByRole('img', { name: /^Views per day: 1 over 90 days/ }).waitFor();
    expect(new URL(page.url()).search).toBe('?days=90');
    await screenshot(page, `${viewport}-quest-analytics-90`);

    // The own profile sums the creator's last 30 days and links each item's analytics.
    await page.goto('/profile');
    await page
      .getByTestId('creator-summary-quests')
      .getByText(/1 view · 0 joins · 0 W paid/)
      .waitFor();
    await page.getByTestId('creator-summary').scrollIntoViewIfNeeded();
    await screenshot(page, `${viewport}-profile-creator-summary`);
    expect(creator.consoleErrors).toEqual([]);

    const viewer = await openPage(browser, viewport, { initScript: sessionScript(viewerAuth) });
    await viewer.page.goto(`/quest/${questId}/analytics`);
    await viewer.page.getByRole('heading', { name: 'Only the creator can see this' }).waitFor();
    await screenshot(viewer.page, `${viewport}-quest-analytics-forbidden`);
    await viewer.context.close();
  });
});

describe.each(['light', 'dark'] as const)('quest analytics inside Telegram (phone), %s theme', (scheme) => {
  const theme = scheme === 'dark' ? DARK_THEME : LIGHT_THEME;
  let auth: Auth;
  let initData: string;
  let questId = '';
  const title = `Post about us ${scheme} ${runId}`;

  beforeAll(async () => {
    const user: TgUser = {
      id: 880_000_000 + Math.floor(Math.random() * 9_000_000),
      first_name: 'Tara',
      last_name: 'Maker',
      username: `tara_${scheme}_${runId}`,
    };
    initData = signInitData(user, { botToken: inject('botToken') });
    auth = await api<Auth>('bot/telegram-webapp-auth/', { body: { initData } });
    questId = (await createPostQuest<Quest>(auth, title)).id;
    const viewer = await member(`ctt_${scheme}_${runId}`, 'Vera', 'Viewer');
    await api(`club/tasks/${questId}/`, { token: viewer.access });
    // Views reach the database within about two seconds (buffered off the detail's path).
    for (let tries = 0; ; tries++) {
      const a = await api<{ totals: { views: number } }>(`club/tasks/${questId}/analytics/`, { token: auth.access });
      if (a.totals.views === 1) break;
      if (tries > 30) throw new Error('the view was not counted');
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  it('shows the analytics with the BackButton, which leaves to the quest', async () => {
    const s = await openInTelegram(
      browser,
      `/quest/${questId}/analytics`,
      { initData, themeParams: theme, colorScheme: scheme },
      sessionScript(auth),
    );
    const { app } = s;
    await app.getByRole('heading', { name: 'Quest analytics' }).waitFor();
    await expect(tile(app, 'Views')).resolves.toBe('1');
    await expect.poll(async () => (await telegramState(app)).backButton.isVisible).toBe(true);
    await telegramScreenshot(s, `${scheme}-quest-analytics`);
    // Opened straight at the analytics (no history in the app): BackButton falls back to the quest.
    expect(await pressTelegramButton(app, 'BackButton')).toBe(true);
    await app.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(app.url()).pathname).toBe(`/quest/${questId}`);
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });
});
