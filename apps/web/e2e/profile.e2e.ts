import { encodePng } from './fixtures/png.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

/** A real 64×64 RGB PNG (a checkerboard), so the avatar is an actual image file. */
const checkerPng = (size = 64) =>
  encodePng(size, size, (x, y) => ((Math.floor(x / 16) + Math.floor(y / 16)) % 2 ? [250, 190, 60] : [110, 70, 230]));

/** The src of the profile card's picture once it has loaded (null while it shows the initial). */
async function avatarSrc(page: Page): Promise<string | null> {
  const img = page.getByTestId('profile-card').locator('img').first();
  if (!(await img.count())) return null;
  const loaded = await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);
  return loaded ? img.getAttribute('src') : null;
}

async function bellCount(page: Page): Promise<string | null> {
  const badge = page.getByTestId('notification-badge');
  return (await badge.count()) ? badge.innerText() : null;
}

describe.each<ViewportName>(['phone', 'desktop'])('profiles at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let ann: Auth;
  let ben: Auth;

  beforeAll(async () => {
    [ann, ben] = await Promise.all([member(`pa_${tag}`, 'Ann', 'Avery'), member(`pf_${tag}`, 'Ben', 'Brook')]);
    // Ben made a perk and Ann bought it: his Perks tab and her Activity tab have something real to show.
    const perk = await api<{ id: string }>('club/perks/', {
      token: ben.access,
      body: {
        title: `Brook studio pass ${viewport}`,
        description: 'A day in the studio with the whole team.',
        perk_type: 'discount_code',
        discount_code: `BROOK-${tag}`,
        cost_amount: '25',
      },
    });
    await api(`club/perks/${perk.id}/redeem/`, { token: ann.access, body: {} });
  });

  it('edits the own profile with a new avatar and bio; both show after saving and after a reload', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(ann) });
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Ann Avery' }).waitFor();
    expect(await page.getByTestId('profile-bio').innerText()).toBe('No bio available');
    await screenshot(page, `${viewport}-profile-own`);

    // Picking a picture opens edit mode with a local preview.
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: checkerPng() });
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await expect.poll(() => avatarSrc(page)).toMatch(/^blob:/);
    const bio = `Quest hunter from the ${viewport} run`;
    await page.getByLabel('Bio').fill(bio);
    await screenshot(page, `${viewport}-profile-edit`);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await page.getByText('Profile updated successfully.').waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await expect.poll(() => page.getByTestId('profile-bio').innerText()).toBe(bio);
    await expect.poll(() => avatarSrc(page), { timeout: 10_000 }).toMatch(/^\/media\/.+\.png$/);

    await page.reload();
    await page.getByRole('heading', { name: 'Ann Avery' }).waitFor();
    await expect.poll(() => page.getByTestId('profile-bio').innerText()).toBe(bio);
    await expect.poll(() => avatarSrc(page), { timeout: 10_000 }).toMatch(/^\/media\/.+\.png$/);
    await screenshot(page, `${viewport}-profile-saved`);

    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByTestId('activity-list').getByText(`Brook studio pass ${viewport}`).waitFor();
    expect(await page.getByTestId('activity-list').innerText()).toMatch(/ago|just now/);
    expect(await page.getByTestId('perks-count').innerText()).toBe('1');
    await screenshot(page, `${viewport}-profile-activity`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("follows another member: the button and count change, and the followed member's bell goes up", async () => {
    const other = await openPage(browser, viewport, { initScript: sessionScript(ben) });
    // Ben already has the perk-redeemed notification: wait until his bell shows what the server says.
    const { unread_count: before } = await api<{ unread_count: number }>('club/notifications/?page_size=1', {
      token: ben.access,
    });
    await other.page.goto('/home');
    await expect.poll(async () => Number((await bellCount(other.page)) ?? 0), { timeout: 10_000 }).toBe(before);

    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(ann) });
    await page.goto(`/profile/${ben.user.id}`);
    await page.getByRole('heading', { name: 'Ben Brook' }).waitFor();
    expect(await page.getByTestId('followers-count').innerText()).toBe('0');
    await screenshot(page, `${viewport}-profile-other`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    expect(await page.getByTestId('followers-count').innerText()).toBe('1');
    await page.getByText(`You are now following pf_${tag}`).waitFor();
    // Exact: the navigation's Messages link is there too.
    expect(await page.getByRole('link', { name: 'Message', exact: true }).getAttribute('href')).toBe(
      `/messages?user=${ben.user.id}`,
    );
    await page.getByRole('tab', { name: 'Perks' }).click();
    await page
      .getByTestId('created-perks')
      .getByRole('link', { name: new RegExp(`Brook studio pass ${viewport}`) })
      .waitFor();
    await screenshot(page, `${viewport}-profile-other-following`);

    // The live stream brings the badge up without a reload; the bell's fallback polling (30 s, only while the
    // stream is down) could not make it within 5 s.
    await expect
      .poll(async () => Number((await bellCount(other.page)) ?? 0), { timeout: 5_000, interval: 200 })
      .toBe(before + 1);

    // After a reload the server's state agrees.
    await page.reload();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    expect(await page.getByTestId('followers-count').innerText()).toBe('1');
    expect(consoleErrors).toEqual([]);
    expect(other.consoleErrors).toEqual([]);
    await context.close();
    await other.context.close();
  });

  it('switches the theme to dark from the settings panel, and it stays dark after a reload', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(ben) });
    await page.goto('/profile');
    const panel = page.getByTestId('settings-panel').locator('visible=true');
    const dark = panel.getByRole('radio', { name: 'Dark' });
    await dark.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    // Centre the panel: at phone size the bottom navigation would cover it at the viewport's edge.
    await dark.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `${viewport}-profile-settings`);
    await dark.click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await dark.getAttribute('aria-checked')).toBe('true');
    await screenshot(page, `${viewport}-profile-settings-dark`);

    await page.reload();
    await panel.getByRole('radio', { name: 'Dark' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await panel.getByRole('radio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');

    // From the keyboard: the arrow keys move the choice and it applies at once. Held down, then released, as a
    // person types (Radix checks the item it moves to while the arrow is down; `press` lets go at once).
    await panel.getByRole('radio', { name: 'Dark' }).focus();
    await page.keyboard.down('ArrowLeft');
    await expect.poll(() => panel.getByRole('radio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    expect(await panel.getByRole('radio', { name: 'Light' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.up('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
