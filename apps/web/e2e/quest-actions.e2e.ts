import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type ViewportName } from './fixtures/browser.ts';
import { api, member, sessionScript, type Auth } from './fixtures/members.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

describe.each<ViewportName>(['phone', 'desktop'])('quest like and share at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let creator: Auth;
  let fan: Auth;
  let questId: string;

  beforeAll(async () => {
    [creator, fan] = await Promise.all([member(`lc_${tag}`, 'Lena', 'Creator'), member(`lf_${tag}`, 'Finn', 'Fan')]);
    const quest = await api<{ id: string }>('club/tasks/', {
      token: creator.access,
      body: {
        title: `Share our launch ${tag}`,
        description: 'Post about the launch with our hashtag and send us the link.',
        reward_amount: '5',
        max_participants: 2,
        task_type: 'post',
        hashtag: '#wynlaunch',
      },
    });
    questId = quest.id;
  });

  it('likes, unlikes and shares a quest by copying its link, with counts kept by the server', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(fan) });
    // Headless Chromium has no share sheet, so Share takes the clipboard path.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/quest/${questId}`);
    await page.getByRole('button', { name: 'Like, 0 likes' }).click();
    const liked = page.getByRole('button', { name: 'Like, 1 like' });
    await liked.waitFor();
    expect(await liked.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Share, 0 shares' }).click();
    await page.getByText('Link copied to clipboard').waitFor();
    await page.getByRole('button', { name: 'Share, 1 share' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(`/quest/${questId}`, page.url()).href,
    );
    await screenshot(page, `${viewport}-quest-liked-shared`);

    await page.reload();
    // The heart changes at once (optimistic); the server is read once its answer to the toggle has come back.
    const toggled = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/tasks/${questId}/like/`),
    );
    await page.getByRole('button', { name: 'Like, 1 like' }).click();
    await page.getByRole('button', { name: 'Like, 0 likes' }).waitFor();
    expect((await toggled).status()).toBe(200);
    const detail = await api<{ likes_count: number; is_liked: boolean; shares_count: number }>(
      `club/tasks/${questId}/`,
      { token: fan.access },
    );
    expect(detail).toMatchObject({ likes_count: 0, is_liked: false, shares_count: 1 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
