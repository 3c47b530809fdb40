import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { codeFor, launchBrowser, openPage, screenshot, type ViewportName } from './fixtures/browser.ts';
import { api, member, sessionScript, type Auth } from './fixtures/members.ts';

// Issue #16 items 8–10: the Invite screen, and a newcomer arriving through `/?startapp=r_<code>` in a browser who
// registers and then appears on the inviter's list, waiting for their first quest.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

describe.each<ViewportName>(['phone', 'desktop'])('referrals at %s size', (viewport) => {
  let inviter: Auth;
  let code: string;

  beforeAll(async () => {
    inviter = await member(`inv_${viewport}_${runId}`, 'Iris', 'Inviter');
    code = (await api<{ code: string }>('club/referrals/', { token: inviter.access })).code;
  });

  it('the inviter reaches the Invite screen from the profile and sees the link, the terms and no invites yet', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(inviter) });
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Invite', exact: true }).click();
    await page.waitForURL(/\/invite$/);
    await expect(page.getByTestId('invite-link').inputValue()).resolves.toContain(`startapp=r_${code}`);
    await page.getByTestId('invites-empty').waitFor();
    await screenshot(page, `${viewport}-invite-empty`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a newcomer opening /?startapp=r_<code> and registering appears on the inviter’s list', async () => {
    const email = `newcomer-${viewport}-${runId}@example.com`;
    const password = 'correct-horse-battery';
    const newcomer = await openPage(browser, viewport);
    await newcomer.page.goto(`/?startapp=r_${code}`);
    await newcomer.page.waitForURL(/\/(splash|onboarding|login)/);
    await newcomer.page.goto('/register');
    await newcomer.page.getByLabel('Full Name').fill('Nia Newcomer');
    await newcomer.page.getByLabel('Username').fill(`nia_${viewport}_${runId}`);
    await newcomer.page.getByLabel('Email').fill(email);
    await newcomer.page.getByLabel('Password', { exact: true }).fill(password);
    await newcomer.page.getByLabel('Confirm Password').fill(password);
    const registered = newcomer.page.waitForRequest((r) => r.url().includes('/api/v1/bot/register/'));
    await newcomer.page.getByRole('button', { name: /create account|register|sign up/i }).click();
    expect((await registered).postDataJSON()).toMatchObject({ referral_code: code });
    await newcomer.page.waitForURL(/\/verify/);
    const identifier = newcomer.page.getByLabel('Email or Phone');
    if (!(await identifier.inputValue())) await identifier.fill(email);
    await newcomer.page.getByLabel('Verification Code').fill(await codeFor(email));
    await newcomer.page.getByRole('button', { name: 'Verify Account' }).click();
    await newcomer.page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
    expect(newcomer.consoleErrors).toEqual([]);
    await newcomer.context.close();

    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(inviter) });
    await page.goto('/invite');
    const row = page.getByTestId('invitee-row').filter({ hasText: 'Nia Newcomer' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('Waiting for first quest');
    await expect(page.getByTestId('invite-stats').innerText()).resolves.toMatch(/1\s*Invited/);
    await screenshot(page, `${viewport}-invite-list`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
