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

type NotificationList = { results: { id: string; title: string; is_read: boolean }[]; unread_count: number };

/** The number on the home bell, or null when there is none. */
async function bellCount(page: Page): Promise<string | null> {
  const badge = page.getByTestId('notification-badge');
  return (await badge.count()) ? badge.innerText() : null;
}

describe.each<ViewportName>(['phone', 'desktop'])('notifications at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let reader: Auth;
  let sender: Auth;
  let quiet: Auth;

  beforeAll(async () => {
    [reader, sender, quiet] = await Promise.all([
      member(`nr_${tag}`, 'Nora', 'Reader'),
      member(`ns_${tag}`, 'Sid', 'Sender'),
      member(`nq_${tag}`, 'Quinn', 'Quiet'),
    ]);
    // Real actions: two transfers, each of which notifies the recipient (type transaction, link /wallet).
    const wallet = await api<{ id: string }>('club/wallets/my_wallet/', { token: sender.access });
    for (const [amount, note] of [
      [5, 'For the coffee'],
      [3, 'Thanks for the ride'],
    ] as const) {
      await api(`club/wallets/${wallet.id}/transfer/`, {
        token: sender.access,
        body: { recipient: reader.user.id, amount, note },
      });
    }
  });

  it('shows unread items with New, marks one read on click and follows its link, then Mark All as Read', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(reader) });
    await page.goto('/');
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe('2');
    await page.getByRole('link', { name: 'Notifications, 2 unread' }).click();
    await page.waitForURL(/\/notifications$/);

    const items = page.getByTestId('notification-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    const newest = items.first();
    await expect(newest.innerText()).resolves.toMatch(/You received 3 W from Sid Sender/);
    await expect(newest.innerText()).resolves.toMatch(/Thanks for the ride/);
    await expect(newest.innerText()).resolves.toMatch(/Transaction/);
    await expect(newest.innerText()).resolves.toMatch(/just now/);
    expect(await page.getByText('New', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Mark All as Read' }).waitFor();
    await screenshot(page, `${viewport}-notifications-unread`);

    // Keyboard: the items are links, reachable and activated with Enter.
    await newest.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/wallet$/);
    await expect
      .poll(async () => {
        const list = await api<NotificationList>('club/notifications/', { token: reader.access });
        return list.unread_count;
      })
      .toBe(1);

    await page.goto('/');
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe('1');
    await page.goto('/notifications');
    await items.first().waitFor();
    await expect.poll(() => page.getByText('New', { exact: true }).count()).toBe(1);
    expect(await items.first().getAttribute('data-unread')).toBeNull();
    expect(await items.nth(1).getAttribute('data-unread')).toBe('true');
    await screenshot(page, `${viewport}-notifications-one-read`);

    await page.getByRole('button', { name: 'Mark All as Read' }).click();
    await expect.poll(() => page.getByText('New', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Mark All as Read' }).count()).toBe(0);
    await screenshot(page, `${viewport}-notifications-all-read`);
    const list = await api<NotificationList>('club/notifications/', { token: reader.access });
    expect(list.unread_count).toBe(0);
    expect(list.results.every((n) => n.is_read)).toBe(true);

    await page.goto('/');
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    expect(await bellCount(page)).toBeNull();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a member nothing has happened to yet sees No Notifications', async () => {
    // New members get no welcome notification, so a fresh member's list is honestly empty.
    const before = await api<NotificationList>('club/notifications/', { token: quiet.access });
    expect(before.results).toEqual([]);
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(quiet) });
    await page.goto('/notifications');
    await page.getByText('No Notifications').waitFor();
    expect(await page.getByRole('button', { name: 'Mark All as Read' }).count()).toBe(0);
    await screenshot(page, `${viewport}-notifications-empty`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
