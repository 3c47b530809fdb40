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

describe.each<ViewportName>(['phone', 'desktop'])('perks and wallet at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  const code = `WYN-E2E-${tag}`.toUpperCase();
  let creator: Auth;
  let buyer: Auth;
  let perkId: string;

  beforeAll(async () => {
    [creator, buyer] = await Promise.all([member(`pc_${tag}`, 'Perk', 'Maker'), member(`pb_${tag}`, 'Perk', 'Buyer')]);
    const perk = await api<{ id: string }>('club/perks/', {
      token: creator.access,
      body: {
        title: `Studio discount ${viewport}`,
        description: 'Twenty percent off everything in the studio shop.',
        perk_type: 'discount_code',
        discount_code: code,
        cost_amount: '30',
        max_participants: 5,
        status: 'active',
      },
    });
    perkId = perk.id;
  });

  it('redeems a perk after confirming, sees the delivered code, and finds it in the wallet history', async () => {
    // The creator watches their perk: it shows Edit, and the redemption arrives live (issue #14 items 15, 20).
    const maker = await openPage(browser, viewport, { initScript: sessionScript(creator) });
    await maker.page.goto(`/perk/${perkId}`);
    // The card shows in the side column or, on narrower screens, above the description.
    const creatorCard = maker.page.getByTestId('creator-card').filter({ visible: true });
    await creatorCard.getByText('0 redemptions', { exact: false }).waitFor();
    await creatorCard.getByRole('link', { name: 'Edit Perk' }).waitFor();
    await screenshot(maker.page, `${viewport}-perk-creator`);

    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(buyer) });
    await page.goto(`/perk/${perkId}`);
    const redeem = page.getByRole('button', { name: 'Redeem for 30 W' });
    await redeem.waitFor();
    // The code is the creator's secret until the member has paid for it.
    expect(await page.content()).not.toContain(code);
    await screenshot(page, `${viewport}-perk-detail`);

    await redeem.click();
    await page.getByText('Are you sure you want to spend 30 W points to redeem').waitFor();
    await screenshot(page, `${viewport}-perk-confirm`);
    await page.getByRole('button', { name: 'Confirm & Redeem' }).click();
    await expect.poll(() => page.getByTestId('discount-code').innerText(), { timeout: 10_000 }).toContain(code);
    await page.getByRole('button', { name: 'Already Redeemed' }).waitFor();
    await screenshot(page, `${viewport}-perk-redeemed`);
    await creatorCard.getByText('1 redemption', { exact: false }).waitFor({ timeout: 10_000 });
    expect(maker.consoleErrors).toEqual([]);
    await maker.context.close();

    await page.goto('/wallet');
    await expect.poll(() => page.getByTestId('wallet-balance').innerText(), { timeout: 10_000 }).toMatch(/^70 W/);
    await page.getByText(`Studio discount ${viewport}`).first().waitFor();
    await screenshot(page, `${viewport}-wallet`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends points to another member after a confirmation step', async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(buyer) });
    await page.goto('/wallet');
    await page.getByTestId('wallet-balance').waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByLabel('Recipient').fill(`pc_${tag}`);
    await page.getByLabel('Amount (W)').fill('20');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`Send 20 W to`).waitFor();
    await screenshot(page, `${viewport}-wallet-send-confirm`);
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('wallet-balance').innerText(), { timeout: 10_000 }).toMatch(/^50 W/);
    await screenshot(page, `${viewport}-wallet-sent`);

    // The ledger agrees: the creator got 30 W for the perk and 20 W from the transfer.
    const creatorWallet = await api<{ balance: string }>('club/wallets/my_wallet/', { token: creator.access });
    expect(creatorWallet.balance).toBe('150.00');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows the creator's perks with their status, and the perk half of the create wizard", async () => {
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(creator) });
    await page.goto('/manage-perks');
    await page.getByRole('heading', { name: 'Manage Perks' }).waitFor();
    const card = page.getByTestId('manage-perk-card').filter({ hasText: `Studio discount ${viewport}` });
    await expect.poll(() => card.getByTestId('perk-status-badge').innerText()).toBe('Active');
    await screenshot(page, `${viewport}-manage-perks`);

    await page.goto('/create');
    await page.getByRole('radio', { name: /Create Perk/ }).click();
    await page.getByRole('button', { name: /Next Step/ }).click();
    await page.getByRole('radiogroup', { name: 'Perk type' }).waitFor();
    await page.getByRole('radio', { name: /Discount code/ }).click();
    await page.getByLabel('Discount code').waitFor();
    await screenshot(page, `${viewport}-perk-create-step1`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
