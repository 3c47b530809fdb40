import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signInitData, type TgUser } from '../../server/test/telegram-signing.ts';
import { launchBrowser, openPage, screenshot, type ViewportName } from './fixtures/browser.ts';
import { api, member, sessionScript, type Auth } from './fixtures/members.ts';
import { openInTelegram, telegramScreenshot } from './fixtures/telegram-harness.ts';
import { callsOf, DARK_THEME, LIGHT_THEME, pressTelegramButton, telegramState } from './fixtures/telegram-webapp.ts';

/**
 * A perk's creator edits it (docs/product.md "Editing a perk") against the real server: from the perk screen's
 * Edit Perk, the wizard with the type fixed, Details, Review & Save, and the perk saved with the new title and
 * price; then the perk's analytics. Inside Telegram the creator's MainButton is Edit Perk, then Next Step and
 * Save Changes, and the BackButton goes a step back. Every screen passes axe (through screenshot()).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);

type Perk = { id: string; title: string; cost_amount: string; discount_code?: string };

function createPerk(auth: Auth, title: string) {
  return api<Perk>('club/perks/', {
    token: auth.access,
    body: {
      title,
      description: 'Twenty percent off everything in the studio shop for a month.',
      perk_type: 'discount_code',
      discount_code: `EDIT-${runId}`.toUpperCase(),
      cost_amount: '30',
      max_participants: 5,
      status: 'active',
    },
  });
}

describe.each<ViewportName>(['phone', 'desktop'])('editing a perk at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let auth: Auth;
  let perkId = '';
  const title = `Studio discount ${tag}`;

  beforeAll(async () => {
    auth = await member(`epc_${tag}`, 'Elle', 'Perkmaker');
    perkId = (await createPerk(auth, title)).id;
  });

  it('the creator presses Edit Perk, changes the title and the price, saves, and opens the analytics', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(auth) });
    await page.goto(`/perk/${perkId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('creator-card').filter({ visible: true }).getByRole('link', { name: 'Edit Perk' }).click();
    await page.waitForURL(new RegExp(`/edit-perk/${perkId}$`));
    await page.getByRole('heading', { name: 'Edit Perk' }).waitFor();
    await page.getByRole('heading', { name: 'Perk Type' }).waitFor();
    await expect(page.getByLabel('Discount code').inputValue()).resolves.toBe(`EDIT-${runId}`.toUpperCase());
    await screenshot(page, `${viewport}-perk-edit-type`);

    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(title);
    const newTitle = `Studio discount, now bigger ${tag}`;
    await page.getByLabel('Title', { exact: true }).fill(newTitle);
    await page.getByLabel('Cost amount (W)').fill('25');
    await screenshot(page, `${viewport}-perk-edit-details`);

    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByRole('heading', { name: 'Review & Save' }).waitFor();
    await page.getByText(newTitle).first().waitFor();
    await screenshot(page, `${viewport}-perk-edit-review`);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await page.waitForURL(new RegExp(`/perk/${perkId}$`));
    await page.getByRole('heading', { level: 1, name: newTitle }).waitFor();
    await page.getByText('Perk updated successfully').first().waitFor();
    const saved = await api<Perk>(`club/perks/${perkId}/details/`, { token: auth.access });
    expect(saved).toMatchObject({ title: newTitle, cost_amount: '25.00' });

    await page.getByTestId('creator-card').filter({ visible: true }).getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(new RegExp(`/perk/${perkId}/analytics$`));
    await page.getByTestId('analytics-subject').getByText(newTitle).waitFor();
    await page.getByRole('region', { name: 'All time' }).waitFor();
    await screenshot(page, `${viewport}-perk-analytics`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('editing a perk inside Telegram (phone), %s theme', (scheme) => {
  const theme = scheme === 'dark' ? DARK_THEME : LIGHT_THEME;
  let auth: Auth;
  let initData: string;
  let perkId = '';
  const title = `Sticker pack ${scheme} ${runId}`;

  beforeAll(async () => {
    const user: TgUser = {
      id: 875_000_000 + Math.floor(Math.random() * 9_000_000),
      first_name: 'Pia',
      last_name: 'Maker',
      username: `pia_${scheme}_${runId}`,
    };
    initData = signInitData(user, { botToken: inject('botToken') });
    auth = await api<Auth>('bot/telegram-webapp-auth/', { body: { initData } });
    perkId = (await createPerk(auth, title)).id;
  });

  it('MainButton: Edit Perk, Next Step, Save Changes saves; BackButton a step back', async () => {
    const s = await openInTelegram(
      browser,
      `/perk/${perkId}`,
      { initData, themeParams: theme, colorScheme: scheme },
      sessionScript(auth),
    );
    const { app } = s;
    const state = () => telegramState(app);
    await app.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(async () => (await state()).mainButton.text).toBe('Edit Perk');
    await telegramScreenshot(s, `${scheme}-perk-creator`);

    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);
    await app.getByRole('heading', { name: 'Perk Type' }).waitFor();
    expect(new URL(app.url()).pathname).toBe(`/edit-perk/${perkId}`);
    await expect.poll(async () => (await state()).mainButton.text).toBe('Next Step');
    await expect.poll(async () => (await state()).backButton.isVisible).toBe(true);
    // The in-page footer gives way to Telegram's buttons.
    expect(await app.getByRole('button', { name: 'Next Step' }).isVisible()).toBe(false);
    await telegramScreenshot(s, `${scheme}-perk-edit-type`);
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);

    await app.getByRole('heading', { name: 'Details' }).waitFor();
    const newTitle = `Sticker pack deluxe ${scheme} ${runId}`;
    await app.getByLabel('Title', { exact: true }).fill(newTitle);
    await expect.poll(async () => (await state()).isClosingConfirmationEnabled).toBe(true);
    await telegramScreenshot(s, `${scheme}-perk-edit-details`);
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);

    await app.getByRole('heading', { name: 'Review & Save' }).waitFor();
    await expect.poll(async () => (await state()).mainButton.text).toBe('Save Changes');
    await telegramScreenshot(s, `${scheme}-perk-edit-review`);
    // BackButton on the review goes back a step, keeping the change.
    expect(await pressTelegramButton(app, 'BackButton')).toBe(true);
    await app.getByRole('heading', { name: 'Details' }).waitFor();
    await expect(app.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe(newTitle);
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);
    await app.getByRole('heading', { name: 'Review & Save' }).waitFor();
    await expect.poll(async () => (await state()).mainButton.text).toBe('Save Changes');
    expect(await pressTelegramButton(app, 'MainButton')).toBe(true);

    await app.getByRole('heading', { level: 1, name: newTitle }).waitFor();
    expect(new URL(app.url()).pathname).toBe(`/perk/${perkId}`);
    await expect.poll(async () => (await state()).isClosingConfirmationEnabled).toBe(false);
    expect(await callsOf(app, 'HapticFeedback.notificationOccurred')).toContainEqual(['success']);
    await expect.poll(async () => (await state()).mainButton.text).toBe('Edit Perk');
    await telegramScreenshot(s, `${scheme}-perk-edited`);
    const saved = await api<Perk>(`club/perks/${perkId}/details/`, { token: auth.access });
    expect(saved.title).toBe(newTitle);
    expect(s.consoleErrors).toEqual([]);
    await s.context.close();
  });
});
