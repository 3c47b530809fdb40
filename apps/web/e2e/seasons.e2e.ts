import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type ViewportName } from './fixtures/browser.ts';
import { api, member, sessionScript, staffMember, type Auth } from './fixtures/members.ts';

/** Seasons (issue #16 item 11) in the staff console and on Home; signals in the review queue (item 12). */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const runId = Date.now().toString(36);
const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value (the browser's zone) `days` from now, at noon. */
const localInput = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T12:00`;
};

type Current = { season: { id: string; name: string } | null };

describe.each<ViewportName>(['phone', 'desktop'])('seasons at %s size', (viewport) => {
  const tag = `${viewport}_${runId}`;
  let staff: Auth;
  let creator: Auth;
  let joiner: Auth;

  beforeAll(async () => {
    [staff, creator, joiner] = await Promise.all([
      staffMember(),
      member(`sn_c_${tag}`, 'Season', 'Maker'),
      member(`sn_j_${tag}`, 'Quick', 'Joiner'),
    ]);
  });

  it('staff schedule a season in the console and see it listed', async () => {
    const name = `Autumn cup ${tag}`;
    // Seasons may not overlap: each run and size takes its own window far ahead.
    const offset = (viewport === 'phone' ? 400 : 800) + (Date.now() % 300);
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(staff) });
    await page.goto('/staff/seasons');
    await page.getByRole('heading', { name: 'Seasons', level: 1 }).waitFor();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Starts').fill(localInput(offset));
    await page.getByLabel('Ends').fill(localInput(offset + 30));
    await page.getByLabel('Prize pool (W)').fill('500');
    await page.getByLabel('Payout split (%)').fill('50, 30, 20');
    await page.getByRole('button', { name: 'Schedule season' }).click();
    await page.getByText(`${name} scheduled`).waitFor();
    const list = page.getByRole(viewport === 'phone' ? 'list' : 'table', { name: 'Seasons' });
    await list.getByText(name).waitFor();
    await expect.poll(() => list.getByText('#1 50% · #2 30% · #3 20%').count()).toBeGreaterThan(0);
    await screenshot(page, `${viewport}-staff-seasons`);
    // The split over 100% is refused before it is sent.
    await page.getByLabel('Payout split (%)').fill('60, 50');
    await page.getByRole('button', { name: 'Schedule season' }).click();
    await page.getByText('The payout split adds up to more than 100%').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a member sees the running season's card on Home with its prize pool and their place", async () => {
    // One season runs at a time: the first size starts it (a minute ago), the second finds it.
    const cur = await api<Current>('club/seasons/current/', { token: joiner.access });
    if (!cur.season || cur.season.name.startsWith('Autumn'))
      await api('club/staff/seasons/', {
        token: staff.access,
        body: {
          name: 'Launch season',
          starts_at: new Date(Date.now() - 60_000).toISOString(),
          ends_at: new Date(Date.now() + 14 * DAY).toISOString(),
          prize_pool: '1000',
          payout_split: [50, 30, 20],
        },
      }).catch((e: Error) => {
        // The other size made it a moment ago.
        if (!/409/.test(e.message)) throw e;
      });
    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(joiner) });
    await page.goto('/home');
    const card = page.getByTestId('season-card');
    await card.getByRole('heading', { name: 'Launch season' }).waitFor();
    await card.getByText('1,000 W').waitFor();
    await card.getByText(/days? left/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `${viewport}-home-season-card`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("the review queue shows each submission's signals as sentences", async () => {
    const quest = await api<{ id: string }>('club/tasks/', {
      token: creator.access,
      body: {
        title: `Follow the studio ${tag}`,
        description: 'Follow the studio account on Instagram and send your handle.',
        reward_amount: '5.00',
        task_type: 'follow',
        social_platform: '@wyn.studio',
      },
    });
    await api(`club/tasks/${quest.id}/participate/`, { token: joiner.access, body: {} });
    await api(`club/tasks/${quest.id}/submit_proof/`, { token: joiner.access, body: { proof_text: '@quick' } });

    const { page, context, consoleErrors } = await openPage(browser, viewport, { initScript: sessionScript(creator) });
    await page.goto('/review');
    const item = page.getByTestId('submission').filter({ hasText: `Follow the studio ${tag}` });
    const signals = item.getByRole('list', { name: 'About Quick Joiner' });
    await signals.getByText('Joined today').waitFor();
    await signals.getByText('Signed up without Telegram').waitFor();
    await signals.getByText('Telegram Premium: unknown').waitFor();
    await signals.getByText(/^Proof sent .* joining the quest$/).waitFor();
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, `${viewport}-review-signals`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
