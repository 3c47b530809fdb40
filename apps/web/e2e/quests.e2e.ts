import { gradientPng } from './fixtures/png.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInitData } from '../../server/test/telegram-signing.ts';
import { launchBrowser, openPage, screenshot, type Session, type ViewportName } from './fixtures/browser.ts';
import { api, member, sessionScript, type Auth } from './fixtures/members.ts';
import { addChat, setMember } from './fixtures/telegram.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);
const REWARD = 10;
const MAX = 2;

async function expectBalance(page: Page, amount: number) {
  await page.goto('/');
  const tile = page.getByTestId('balance-amount');
  await tile.waitFor();
  await expect
    .poll(async () => (await tile.innerText()).replace(/\s+/g, ' '), { timeout: 10_000 })
    .toMatch(new RegExp(`^${amount}(\\.00)? W$`));
}

describe.each<ViewportName>(['phone', 'desktop'])('quests at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  const channel = `wyn_e2e_${tag}`;
  const tgId = 800000 + (viewport === 'phone' ? 1 : 2) * 1000 + (Date.now() % 1000);
  let creator: Session;
  let joiner: Session;
  let creatorAuth: Auth;
  let joinerAuth: Auth;

  beforeAll(async () => {
    await addChat({ username: channel, type: 'channel', title: `Wyn ${viewport}`, botStatus: 'administrator' });
    [creatorAuth, joinerAuth] = await Promise.all([
      member(`qc_${tag}`, 'Grace', 'Hopper'),
      member(`qj_${tag}`, 'Alan', 'Turing'),
    ]);
    // Link a Telegram account to the joiner with signed Mini App data, as the app does inside Telegram.
    const initData = signInitData(
      { id: tgId, first_name: 'Alan', username: `tg_${tag}` },
      { botToken: inject('botToken') },
    );
    await api('bot/update-user/', { token: joinerAuth.access, body: { initData } });
    creator = await openPage(browser, viewport, { initScript: sessionScript(creatorAuth) });
    joiner = await openPage(browser, viewport, { initScript: sessionScript(joinerAuth) });
  });
  afterAll(async () => {
    await creator?.context.close();
    await joiner?.context.close();
  });

  let joinQuestId = '';
  const joinTitle = `Join our channel ${tag}`;

  it('the creator makes a join quest with an image through the wizard', async () => {
    const { page } = creator;
    await page.goto('/create');
    await page.getByRole('radio', { name: /Create Quest/ }).click();
    await screenshot(page, `${viewport}-quest-create-step1`);
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByRole('radio', { name: /Join channel/ }).click();
    await page.getByLabel('Channel username').fill(`@${channel}`);
    await page.getByRole('button', { name: 'Test Access' }).click();
    await page.getByTestId('channel-verified').waitFor();
    await page.getByText('Success! Our bot has proper access to the channel.').first().waitFor();
    await page.getByLabel('Channel type').selectOption('public_channel');
    await screenshot(page, `${viewport}-quest-create-step2`);
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page.getByLabel('Title', { exact: true }).fill(joinTitle);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Join our Telegram channel for weekly community news, then verify your membership to earn W.');
    await page
      .getByLabel('Media', { exact: true })
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gradientPng(32, 32, [124, 58, 237]) });
    await page.getByTestId('media-uploaded').waitFor();
    await page.getByLabel('Reward amount (W)').fill(String(REWARD));
    await page.getByLabel('Max participants').fill(String(MAX));
    await screenshot(page, `${viewport}-quest-create-step3`);
    await page.getByRole('button', { name: 'Next Step' }).click();

    await page
      .getByTestId('escrow-note')
      .getByText(`${REWARD * MAX}`, { exact: false })
      .waitFor();
    await expect(page.getByTestId('escrow-note').innerText()).resolves.toMatch(/Your balance: 100(\.00)? W/);
    await screenshot(page, `${viewport}-quest-create-review`);
    await page.getByRole('button', { name: 'Create Quest' }).click();

    await page.waitForURL(/\/quest\/[0-9a-f-]{36}$/);
    joinQuestId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: joinTitle }).waitFor();
    // The uploaded image is served back and shown.
    const img = page.locator('img[src^="/media/"]').first();
    await img.waitFor();
    // Polled: the element appears before its bytes arrive (slower under load). The browser picks one of the
    // WebP variants made on upload (decision 0017); its srcset width, not the 32 px file, sets naturalWidth.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/media\/[^/]+\.w\d+\.webp$/);
    await screenshot(page, `${viewport}-quest-created`);
    expect(creator.consoleErrors).toEqual([]);
  });

  it('the joiner participates, joins the channel, verifies membership and is paid', async () => {
    expect(joinQuestId).not.toBe('');
    const { page } = joiner;
    await page.goto(`/quest/${joinQuestId}`);
    await page.getByRole('heading', { level: 1, name: joinTitle }).waitFor();
    await screenshot(page, `${viewport}-quest-join-view`);
    await page.getByRole('button', { name: 'Participate' }).filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the Telegram channel' });
    await dialog.waitFor();
    await screenshot(page, `${viewport}-quest-join-dialog`);
    await dialog.getByRole('button', { name: "I'll Join the Channel" }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Not yet a member: the check says so.
    const verify = async (expected: string) => {
      const response = page.waitForResponse((r) => r.url().endsWith('/telegram/verify-membership/'));
      await page.getByRole('button', { name: 'Verify Channel Membership' }).click();
      expect(await (await response).text(), 'verify-membership response').toContain(expected);
    };
    await verify("Verification failed. Please make sure you've joined the channel.");
    await page.locator('p[role="status"]').filter({ hasText: "Please make sure you've joined the channel." }).waitFor();
    await screenshot(page, `${viewport}-quest-join-not-member`);

    await setMember(channel, tgId, 'member');
    await verify('Membership verified. Your reward has been paid.');
    // The refreshed quest replaces the check with the completion details (the toast repeats the message).
    await page.getByTestId('completion-details').getByText('Quest completed — reward paid.').waitFor();
    await page.getByRole('tab', { name: 'Completion Details' }).waitFor();
    await screenshot(page, `${viewport}-quest-join-verified`);
    await page.reload();
    await page.getByRole('tab', { name: 'Completion Details' }).click();
    await page.getByText('Quest completed — reward paid.').waitFor();
    await expect(page.getByTestId('join-card').filter({ visible: true }).innerText()).resolves.toContain('100%');

    await expectBalance(page, 100 + REWARD);
    await screenshot(page, `${viewport}-quest-join-balance`);
    expect(joiner.consoleErrors).toEqual([]);
  });

  it('a post quest: proof with an image, rejected with a reason, resubmitted, approved and paid', async () => {
    const postTitle = `Post with our hashtag ${tag}`;
    const quest = await api<{ id: string }>('club/tasks/', {
      token: creatorAuth.access,
      body: {
        title: postTitle,
        description: 'Post a photo of your setup with our hashtag and send us the link and a screenshot.',
        reward_amount: String(REWARD),
        max_participants: MAX,
        task_type: 'post',
        hashtag: `#wyn${viewport}`,
      },
    });

    // The joiner joins and sends proof with a screenshot.
    const j = joiner.page;
    await j.goto(`/quest/${quest.id}`);
    await j.getByRole('heading', { level: 1, name: postTitle }).waitFor();
    await j.getByRole('button', { name: 'Participate' }).filter({ visible: true }).click();
    await j.getByLabel('Proof text').fill('https://example.com/my-post-1');
    await j
      .getByLabel('Screenshot', { exact: true })
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: gradientPng(32, 32, [16, 185, 129]) });
    await j.getByRole('img', { name: 'Proof screenshot preview' }).waitFor();
    await screenshot(j, `${viewport}-quest-proof-form`);
    await j.getByRole('button', { name: 'Submit Proof' }).click();
    await j.getByText('Your submission is under review.').first().waitFor();
    await j.getByRole('img', { name: 'Your proof' }).waitFor();
    await screenshot(j, `${viewport}-quest-proof-pending`);

    // The creator rejects it with a reason on the quest page.
    const c = creator.page;
    await c.goto(`/quest/${quest.id}`);
    const panel = c.getByTestId('submissions-panel');
    const item = panel.getByTestId('submission').first();
    // The proof's address is a link out (issue #14 item 19).
    await item.getByRole('link', { name: 'https://example.com/my-post-1' }).waitFor();
    await item.getByRole('img', { name: /Proof from/ }).waitFor();
    await screenshot(c, `${viewport}-quest-review-pending`);
    await item.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = c.getByRole('dialog', { name: 'Reject submission' });
    const reason = "The screenshot doesn't show the hashtag";
    await rejectDialog.getByLabel('Reason').fill(reason);
    await screenshot(c, `${viewport}-quest-reject-dialog`);
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await rejectDialog.waitFor({ state: 'hidden' });
    await item.getByText(`Reason: ${reason}`).waitFor();

    // The joiner sees the reason and submits again.
    await j.reload();
    await j.getByRole('tab', { name: 'Submission Rejected' }).click();
    const alert = j.getByRole('alert').filter({ hasText: 'Submission Rejected' });
    await alert.waitFor();
    await expect(alert.getByTestId('rejection-reason').innerText()).resolves.toBe(reason);
    await screenshot(j, `${viewport}-quest-proof-rejected`);
    await j.getByLabel('Proof text').fill('https://example.com/my-post-2 — now with the hashtag');
    await j
      .getByLabel('Screenshot', { exact: true })
      .setInputFiles({ name: 'proof2.png', mimeType: 'image/png', buffer: gradientPng(32, 32, [245, 158, 11]) });
    await j.getByRole('button', { name: 'Submit Proof' }).click();
    await j.getByText('Your submission is under review.').first().waitFor();

    // The creator approves from the "To review" page.
    await c.goto('/review');
    const row = c.getByTestId('review-list').getByTestId('submission').filter({ hasText: postTitle });
    await row.getByText('https://example.com/my-post-2', { exact: false }).waitFor();
    await screenshot(c, `${viewport}-quest-review-page`);
    await row.getByRole('button', { name: 'Approve' }).click();
    // Approving pays at once: it asks first.
    const approveDialog = c.getByRole('dialog', { name: 'Approve submission?' });
    await screenshot(c, `${viewport}-quest-approve-confirm`);
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await c.getByText('Nothing to review').waitFor();

    // The joiner's open quest screen learns it live and celebrates the reward (issue #14 item 15).
    await j.getByTestId('reward-celebration').getByText(`+${REWARD} W is in your wallet.`).waitFor({ timeout: 10_000 });
    await screenshot(j, `${viewport}-quest-reward-celebration`);

    // The joiner is paid: 100 welcome + the join reward + this reward.
    await j.reload();
    await j.getByRole('tab', { name: 'Completion Details' }).click();
    await j.getByText('Quest completed — reward paid.').waitFor();
    await screenshot(j, `${viewport}-quest-proof-approved`);
    await expectBalance(j, 100 + 2 * REWARD);
    // The creator funded both quests' escrow (reward × max participants each).
    await expectBalance(c, 100 - 2 * REWARD * MAX);
    expect(creator.consoleErrors).toEqual([]);
    expect(joiner.consoleErrors).toEqual([]);
  });
});
