import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { codeFor, launchBrowser, openPage, screenshot, type ViewportName } from './fixtures/browser.ts';
import { api } from './fixtures/members.ts';

/** Forgot password? → a code from the SMTP sink → a new password that signs in; the old one no longer does. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

describe.each<ViewportName>(['phone', 'desktop'])('password reset at %s size', (viewport) => {
  it('resets a forgotten password from the sign-in screen', async () => {
    const username = `reset_${viewport}_${runId}`;
    const email = `${username}@example.com`;
    await api('bot/register/', {
      body: { username, email, password: 'old-password-1', first_name: 'Reset', last_name: 'Tester' },
    });
    const signUpCode = await codeFor(email);
    await api('bot/otp-verify/', { body: { identifier: email, otp: signUpCode } });

    const { page, context, consoleErrors } = await openPage(browser, viewport);
    await page.goto('/login');
    await page.getByLabel(/username, email or phone/i).fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password/);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    const identifier = page.getByLabel(/username, email or phone/i);
    if (!(await identifier.inputValue())) await identifier.fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('If an account matches, we have sent it a code to reset the password.').first().waitFor();

    // The reset mail goes out after the answer: wait for a code other than the sign-up one.
    let code = signUpCode;
    for (let i = 0; i < 50 && code === signUpCode; i++) {
      await page.waitForTimeout(100);
      code = await codeFor(email);
    }
    expect(code).not.toBe(signUpCode);
    await page.getByLabel('Verification Code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm Password', { exact: true }).fill('new-password-2');
    await screenshot(page, `${viewport}-password-reset`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/login/);
    await page.getByText('Your password has been changed. Please sign in with your new password.').first().waitFor();

    await page.getByLabel(/username, email or phone/i).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('new-password-2');
    await page.getByRole('button', { name: /^sign in$|^log in$|^login$/i }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
    await expect(page.getByTestId('balance-tile').innerText()).resolves.toContain('100 W');

    const old = await fetch(`${new URL(page.url()).origin}/api/v1/bot/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: email, password: 'old-password-1' }),
    });
    expect(old.status).toBe(401);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
