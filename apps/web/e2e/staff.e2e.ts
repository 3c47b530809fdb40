import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type ViewportName } from './fixtures/browser.ts';
import { api, member, sessionScript, staffMember, type Auth } from './fixtures/members.ts';
import { gradientPng } from './fixtures/png.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

/** Every console screen, by path and heading. */
const SCREENS = [
  ['', 'Dashboard'],
  ['banners', 'Banners'],
  ['home-sections', 'Home sections'],
  ['categories', 'Categories'],
  ['popular-searches', 'Popular searches'],
  ['reports', 'Reports'],
  ['members', 'Members'],
  ['announcements', 'Announcements'],
  ['audit-log', 'Audit log'],
] as const;

describe.each<ViewportName>(['phone', 'desktop'])('staff console at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let staff: Auth;
  let creator: Auth;
  let reporter: Auth;

  beforeAll(async () => {
    [staff, creator, reporter] = await Promise.all([
      staffMember(),
      member(`sc_${tag}`, 'Quest', 'Maker'),
      member(`sr_${tag}`, 'Careful', 'Reader'),
    ]);
  });

  it('a member opening /staff sees the not-allowed page, and no Staff console link', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(reporter) });
    await page.goto('/staff/banners');
    await page.getByTestId('staff-not-allowed').waitFor();
    await page.getByRole('heading', { name: 'Staff only' }).waitFor();
    await screenshot(page, `${viewport}-staff-not-allowed`);
    // The server refuses the member too, whatever the page shows.
    await expect(api('club/staff/banners/', { token: reporter.access })).rejects.toThrow(/403/);
    await page.goto('/profile');
    await page.getByText('Creator tools').waitFor();
    expect(await page.getByRole('link', { name: 'Staff console' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a staff member reaches the console from the profile and every screen shows', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(staff) });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Staff console' }).click();
    await page.waitForURL('**/staff');
    for (const [path, heading] of SCREENS) {
      await page.goto(`/staff${path ? `/${path}` : ''}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // Loaded: no skeleton left.
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
      await screenshot(page, `${viewport}-staff-${path || 'dashboard'}`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a staff member adds a banner with an image and sees it on Home', async () => {
    const title = `Summer drop ${tag}`;
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(staff) });
    await page.goto('/staff/banners');
    await page.getByRole('button', { name: 'New banner' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Link').fill('https://example.com/summer');
    await dialog.getByLabel('Position').fill('0');
    await page
      .getByTestId('banner-image-input')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: gradientPng(320, 180, [236, 72, 153]) });
    await dialog.getByRole('button', { name: 'Replace image' }).waitFor({ timeout: 15_000 });
    // The preview is Home's own header slider with the new title.
    await page.getByTestId('banner-preview').getByText(title).waitFor();
    await screenshot(page, `${viewport}-staff-banner-form`);
    await dialog.getByRole('button', { name: 'Add banner' }).click();
    await page.getByText('Banner added').waitFor();
    await page.getByTestId('staff-row').filter({ hasText: title }).waitFor();

    await page.goto('/home');
    const slide = page.getByTestId('banner-slide').filter({ hasText: title });
    await slide.waitFor({ state: 'attached' });
    await expect.poll(async () => slide.locator('img').getAttribute('src')).toMatch(/\/media\//);
    await screenshot(page, `${viewport}-staff-banner-on-home`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a member reports a quest, and staff hide it from the reports queue', async () => {
    const title = `Follow-for-follow scheme ${tag}`;
    const quest = await api<{ id: string }>('club/tasks/', {
      token: creator.access,
      body: {
        title,
        description: 'Follow everyone on this list and they follow you back, promise.',
        reward_amount: '5',
        max_participants: 2,
        task_type: 'post',
        hashtag: '#f4f',
      },
    });

    const member = await openPage(browser, viewport, { initScript: sessionScript(reporter) });
    await member.page.goto(`/quest/${quest.id}`);
    await member.page.getByRole('button', { name: 'Report quest' }).click();
    await member.page.getByRole('dialog').getByLabel('Reason').fill('Looks like a follow-for-follow scam.');
    await screenshot(member.page, `${viewport}-report-dialog`);
    await member.page.getByRole('button', { name: 'Send report' }).click();
    await member.page.getByText('Thanks: the staff will look at it').waitFor();

    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(staff) });
    await page.goto('/staff/reports');
    const row = page.getByTestId('staff-row').filter({ hasText: title });
    await row.waitFor();
    await screenshot(page, `${viewport}-staff-reports-open`);
    await row.getByRole('button', { name: `Hide ${title}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason shown to the owner').fill('Follow-for-follow schemes are not allowed.');
    await screenshot(page, `${viewport}-staff-report-hide`);
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await page.getByText(/Hidden; 1 report resolved/).waitFor();
    await row.waitFor({ state: 'detached' });

    // Gone for the member who reported it (the quest answers 404 to everyone but its creator).
    await member.page.goto(`/quest/${quest.id}`);
    await member.page.getByRole('heading', { name: /not found/i }).waitFor();
    expect(member.consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
    await member.context.close();

    // Its creator still has the page, marked hidden with the reason staff gave.
    const owner = await openPage(browser, viewport, { initScript: sessionScript(creator) });
    await owner.page.goto(`/quest/${quest.id}`);
    const notice = owner.page.getByTestId('hidden-by-staff');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Follow-for-follow schemes are not allowed.');
    await owner.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await screenshot(owner.page, `${viewport}-quest-hidden-owner`);
    // And in their own profile's created quests, marked Hidden.
    await owner.page.goto('/profile');
    const created = owner.page.getByTestId('created-quests').getByRole('link').filter({ hasText: title });
    await created.getByTestId('hidden-badge').waitFor();
    await screenshot(owner.page, `${viewport}-profile-hidden-badge`);
    expect(owner.consoleErrors).toEqual([]);
    await owner.context.close();

    // The hide is in the audit log; a name in a row filters the log to that staff member's actions.
    await page.goto('/staff/audit-log');
    const entry = page.getByTestId('staff-row').filter({ hasText: quest.id });
    await entry.getByRole('button', { name: /^Only actions by / }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Who' }).inputValue()).not.toBe('');
    await entry.waitFor();
    await screenshot(page, `${viewport}-staff-audit-log-by-actor`);
    expect(consoleErrors).toEqual([]);
    await context.close();
    // Three browser sessions and six pictures, each checked by axe in both themes: over a minute on a loaded machine.
  }, 120_000);
});
