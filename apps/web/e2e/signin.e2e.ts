import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { signInitData } from '../../server/test/telegram-signing.ts';
import { codeFor, launchBrowser, openPage, screenshot, type ViewportName } from './fixtures/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

describe.each<ViewportName>(['phone', 'desktop'])('sign-in at %s size', (viewport) => {
  const email = `e2e-${viewport}-${runId}@example.com`;
  const username = `e2e_${viewport}_${runId}`;
  const password = 'correct-horse-battery';

  it('onboarding → register with e-mail → code from the SMTP sink → verify → home with the welcome bonus', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport);
    await page.goto('/onboarding');
    for (const benefit of ['Complete Quests', 'Build Connections', 'Earn Rewards']) {
      await page.getByText(benefit, { exact: true }).first().waitFor();
    }
    await screenshot(page, `${viewport}-onboarding`);
    await page.getByRole('button', { name: 'Get Started' }).click();
    // Signed out, "/" is protected: the guard sends the visitor to the splash screen.
    await page.waitForURL(/\/splash$/);
    await screenshot(page, `${viewport}-splash`);

    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await screenshot(page, `${viewport}-register`);
    await page.getByRole('button', { name: /create account|register|sign up/i }).click();

    await page.waitForURL(/\/verify/);
    await page.getByText('Registration successful! Please verify your account.').first().waitFor();
    const code = await codeFor(email);
    const identifier = page.getByLabel('Email or Phone');
    if (!(await identifier.inputValue())) await identifier.fill(email);
    await page.getByLabel('Verification Code').fill(code);
    await screenshot(page, `${viewport}-verify`);
    await page.getByRole('button', { name: 'Verify Account' }).click();

    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.getByText('Ada Lovelace').first().waitFor({ state: 'visible' });
    await expect(page.getByTestId('balance-tile').innerText()).resolves.toContain('100 W');
    await page.waitForLoadState('networkidle');
    await screenshot(page, `${viewport}-home`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('signs in with a password and sees the banner slider move', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport);
    await page.goto('/login');
    await page.getByLabel(/username, email or phone/i).fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(password);
    await screenshot(page, `${viewport}-login`);
    await page.getByRole('button', { name: /^sign in$|^log in$|^login$/i }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home');
    await expect(page.getByTestId('balance-tile').innerText()).resolves.toContain('100 W');

    const slider = page.getByTestId('banner-slider');
    await slider.scrollIntoViewIfNeeded();
    const first = await slider.getAttribute('data-index');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="banner-slider"]')?.getAttribute('data-index') !== before,
      first,
      { timeout: 8000 },
    );
    await screenshot(page, `${viewport}-home-banner`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('signs in inside a Telegram Mini App with correctly signed launch data', async () => {
    const tgUser = {
      id: 700000 + (viewport === 'phone' ? 1 : 2),
      first_name: 'Mini',
      last_name: viewport,
      username: `mini_${viewport}_${runId}`,
    };
    const initData = signInitData(tgUser, { botToken: inject('botToken') });
    const initScript = `
      window.Telegram = { WebApp: {
        initData: ${JSON.stringify(initData)},
        initDataUnsafe: { user: ${JSON.stringify(tgUser)} },
        platform: 'android', version: '8.0', colorScheme: 'light', themeParams: {},
        isExpanded: true, viewportHeight: 844, viewportStableHeight: 844,
        ready() {}, expand() {}, close() {}, onEvent() {}, offEvent() {}, openLink() {}, openTelegramLink() {},
        setHeaderColor() {}, setBackgroundColor() {},
        BackButton: { show() {}, hide() {}, onClick() {}, offClick() {} },
        MainButton: { show() {}, hide() {}, setText() {}, onClick() {}, offClick() {} },
        HapticFeedback: { impactOccurred() {}, notificationOccurred() {}, selectionChanged() {} },
      } };`;
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript });
    await page.goto('/splash');
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/home', { timeout: 15_000 });
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.getByText(`Mini ${viewport}`).first().waitFor({ state: 'visible' });
    await expect(page.getByTestId('balance-tile').innerText()).resolves.toContain('100 W');
    await screenshot(page, `${viewport}-miniapp-home`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the terms, the privacy policy and the Telegram callback (no launch data: one error, Try Again)', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport);
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await screenshot(page, `${viewport}-terms`);
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await screenshot(page, `${viewport}-privacy`);
    await page.goto('/telegram-auth');
    await page.getByRole('alert').getByText('No Telegram authentication data available').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await screenshot(page, `${viewport}-telegram-auth-failed`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends a signed-out visitor of a protected route to /splash, and shows the 404 page for unknown paths', async () => {
    const { page, context } = await openPage(browser, viewport);
    await page.goto('/wallet');
    await page.waitForURL(/\/splash$/);
    await page.goto('/no/such/page');
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).waitFor({ state: 'visible' });
    await screenshot(page, `${viewport}-404`);
    await context.close();
  });
});
